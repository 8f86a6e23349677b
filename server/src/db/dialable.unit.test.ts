import knex from 'knex';
import { dialableSql, whereDialable } from './dialable';

describe('dialable-task filter', () => {
  it('reads running and queued from the domain list, in raw SQL and in knex', () => {
    expect(dialableSql('t.status')).toBe('t.status IN (2, 4)');
    const db = knex({ client: 'pg' });
    expect(db('tasks').modify(whereDialable('t.status')).toString()).toBe(
      'select * from "tasks" where "t"."status" in (2, 4)',
    );
  });
});
