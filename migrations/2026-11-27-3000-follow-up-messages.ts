// The AI-visit follow-up a call writes on its customer (dialer/customerResult.ts) keeps the call's
// reason as a code with parameters (domain/reasons.ts), rendered in the reader's language like the
// call's own reason (issue 23 item 6). `details` stays the zh-CN text (search, older clients);
// `details_message` is the message: { code, params?, more? }, null for records people wrote.
// Visit records written before take the message of their call's reason when the stored text is that
// reason's text (the call's reason is what they were written from); any other row keeps showing its
// stored text.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('follow_ups', (t) => {
    t.jsonb('details_message').nullable();
  });
  // Record type 1 (follow-up), contact method 201 (AI visit), written by a call: one pass, joined on
  // the call's primary key.
  await knex.raw(
    `UPDATE follow_ups f
        SET details_message = jsonb_strip_nulls(jsonb_build_object(
              'code', c.reason->'code', 'params', c.reason->'params', 'more', c.reason->'more'))
       FROM calls c
      WHERE c.id = f.call_id
        AND f.record_type = 1 AND f.contact_method = 201 AND f.details_message IS NULL
        AND jsonb_typeof(c.reason) = 'object' AND jsonb_typeof(c.reason->'code') = 'string'
        AND c.reason->>'text' = f.details`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('follow_ups', (t) => {
    t.dropColumn('details_message');
  });
}
