import type { Me } from '../../../../domain/api';
import type { AccountRow } from './sessions';

export const presentMe = (a: AccountRow, menus: string[]): Me => ({
  id: Number(a.id),
  account: a.account,
  realName: a.real_name,
  email: a.email,
  level: a.level,
  parentId: a.parent_id === null ? null : Number(a.parent_id),
  menus,
  expiresAt: a.expires_at.toISOString(),
  headImgUrl: a.head_img_url,
});
