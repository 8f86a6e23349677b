import { escapeLike, likeContains, likePrefix } from './like';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain 名字')).toBe('plain 名字');
  });

  it('builds prefix and contains patterns around the escaped text', () => {
    expect(likePrefix('/1/5_/')).toBe('/1/5\\_/%');
    expect(likeContains('a%b')).toBe('%a\\%b%');
  });
});
