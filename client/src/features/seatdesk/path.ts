import { menuPath } from '../../../../domain/menus';

/**
 * The seat desk lives under the personal center (mymain/main), which every account holds: a seat's
 * user needs no extra menu to reach its own desk (being the seat's user is the permission, checked
 * by the API). Its detail route is registered in app/routes.ts DETAIL_ROUTES.
 */
export const SEAT_DESK_KEY = 'mymain/main/seatdesk';
export const SEAT_DESK_PATH = menuPath(SEAT_DESK_KEY);
