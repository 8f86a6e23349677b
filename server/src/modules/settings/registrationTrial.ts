// What a self-registered account starts with (/api/settings/registration-trial, the super
// administrator's): read by the registration (seats, expiry) and by the e-mail verification (the trial
// balance, credited through the ledger once per account).
import type { Knex } from 'knex';
import { z } from 'zod';
import { TRIAL_LIMITS, type RegistrationTrialDto } from '../../../../domain/registrationTrial';
import type { Deps } from '../../deps';
import type { AuthContext } from '../auth/sessions';

const whole = (field: keyof typeof TRIAL_LIMITS) =>
  z
    .number(`trial.${field}`)
    .int(`trial.${field}`)
    .min(TRIAL_LIMITS[field].min, `trial.${field}`)
    .max(TRIAL_LIMITS[field].max, `trial.${field}`);

export const registrationTrialSchema = z.object({
  aiSeats: whole('aiSeats'),
  days: whole('days'),
  balanceFen: whole('balanceFen'),
});

export async function registrationTrial(db: Knex | Knex.Transaction): Promise<RegistrationTrialDto> {
  const r = await db('registration_trial').where({ id: 1 }).first('ai_seats', 'days', 'balance_fen');
  // The migration writes the row; without it a registrant gets what the migration's defaults say.
  return r
    ? { aiSeats: r.ai_seats, days: r.days, balanceFen: Number(r.balance_fen) }
    : { aiSeats: 2, days: 30, balanceFen: 1000 };
}

export async function putRegistrationTrial(
  deps: Deps,
  auth: AuthContext,
  v: z.infer<typeof registrationTrialSchema>,
): Promise<RegistrationTrialDto> {
  await deps
    .db('registration_trial')
    .insert({
      id: 1,
      ai_seats: v.aiSeats,
      days: v.days,
      balance_fen: v.balanceFen,
      updated_by: auth.actor.id,
    })
    .onConflict('id')
    .merge({
      ai_seats: v.aiSeats,
      days: v.days,
      balance_fen: v.balanceFen,
      updated_by: auth.actor.id,
      updated_at: deps.db.fn.now(),
    });
  return registrationTrial(deps.db);
}
