// What a self-registered account starts with (the super administrator's setting, issue 24): its AI
// seats, how many days until it expires, and a trial balance credited once its e-mail is verified.
export interface RegistrationTrialDto {
  aiSeats: number;
  days: number;
  /** Integer fen. */
  balanceFen: number;
}

export const TRIAL_LIMITS = {
  aiSeats: { min: 0, max: 1000 },
  days: { min: 1, max: 3650 },
  /** 10,000,000 yuan, the recharge ceiling. */
  balanceFen: { min: 0, max: 1_000_000_000 },
} as const;

export type TrialField = keyof typeof TRIAL_LIMITS;

/** The fields out of range (whole numbers only), empty when the setting may be saved. */
export function trialProblems(v: Record<TrialField, unknown>): TrialField[] {
  return (Object.keys(TRIAL_LIMITS) as TrialField[]).filter((k) => {
    const n = v[k];
    return (
      typeof n !== 'number' || !Number.isInteger(n) || n < TRIAL_LIMITS[k].min || n > TRIAL_LIMITS[k].max
    );
  });
}
