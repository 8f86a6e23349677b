// Which failure counters guard which check. Each blocks only for its window (config.rateLimit).
import type { Config } from '../../../../config';
import type { Limit } from '../../lib/rateLimit';

/** Login: per account from one IP (the tight one), per IP, and a looser per-account ceiling that
 *  slows a distributed guesser without letting it keep the owner (on another IP) out for long.
 *  `who` is the account's id when the typed name or e-mail names one (so both share one budget),
 *  else the typed identifier. */
export function loginLimits(cfg: Config['rateLimit'], who: string, ip: string): Limit[] {
  return [
    { key: `login:ai:${who}:${ip}`, max: cfg.perAccount },
    { key: `login:ip:${ip}`, max: cfg.perIp },
    { key: `login:a:${who}`, max: cfg.perAccount * 10 },
  ];
}

export const passwordCheckLimits = (cfg: Config['rateLimit'], accountId: number, ip: string): Limit[] => [
  { key: `pw:a:${accountId}`, max: cfg.perAccount },
  { key: `pw:ip:${ip}`, max: cfg.perIp },
];

export const forgotLimits = (cfg: Config['rateLimit'], email: string, ip: string): Limit[] => [
  { key: `forgot:e:${email}`, max: cfg.perAccount },
  { key: `forgot:ip:${ip}`, max: cfg.perIp },
];

export const resetLimits = (cfg: Config['rateLimit'], ip: string): Limit[] => [
  { key: `reset:ip:${ip}`, max: cfg.perIp },
];

/** Per IP, and per e-mail so nobody floods a mailbox with registration mails. */
export const registerLimits = (cfg: Config['rateLimit'], email: string | null, ip: string): Limit[] => [
  { key: `register:ip:${ip}`, max: cfg.perIp },
  ...(email ? [{ key: `register:e:${email}`, max: cfg.perAccount }] : []),
];
