import { filterProblems, toFilter } from './query';
import { emptyFilters } from './slice';

describe('toFilter', () => {
  it('sends only what is filled in, in the API shape', () => {
    expect(toFilter(emptyFilters)).toEqual({});
    const local = '2026-03-01T08:30';
    expect(
      toFilter({
        ...emptyFilters,
        from: local,
        levels: [21, 63],
        taskId: 4,
        minTalkS: ' 10 ',
        maxTalkS: '',
        phone: '0001',
        name: ' 张 ',
        read: false,
        focus: true,
        llmGrade: 'A',
      }),
    ).toEqual({
      from: new Date(local).toISOString(),
      levels: [21, 63],
      taskId: 4,
      minTalkS: 10,
      phone: '0001',
      name: '张',
      read: false,
      focus: true,
      llmGrade: 'A',
    });
  });
});

describe('filterProblems', () => {
  it('accepts an empty or well-formed filter', () => {
    expect(filterProblems(emptyFilters)).toEqual({});
    expect(filterProblems({ ...emptyFilters, phone: '13800000001', minTalkS: '5', maxTalkS: '9' })).toEqual(
      {},
    );
  });
  it('flags the phone, seconds and ranges the server refuses', () => {
    expect(filterProblems({ ...emptyFilters, phone: '123' })).toHaveProperty('phone');
    expect(filterProblems({ ...emptyFilters, minTalkS: 'x' })).toHaveProperty('minTalkS');
    expect(filterProblems({ ...emptyFilters, minTalkS: '9', maxTalkS: '5' })).toHaveProperty('maxTalkS');
    expect(
      filterProblems({ ...emptyFilters, from: '2026-03-02T00:00', to: '2026-03-01T00:00' }),
    ).toHaveProperty('to');
  });
});
