// The pop-up's customer card, filled in by the server: the media worker sends the bare card (domain
// bareCard: the customer, the masked number, the grade so far), and the offer and the seat desk show
// the customer's name, tags and last follow-up as they are now (an AI-visit record with its reason's
// code, rendered in the seat's language).
import type { Knex } from 'knex';
import { messageOf } from '../../../../../domain/reasons';
import type { TransferCard } from '../../../../../domain/transfer';

/** The card with the customer's name, tags and last follow-up; a card without a customer as given. */
export async function fillCard(db: Knex, card: TransferCard): Promise<TransferCard> {
  if (card.customerId === null) return card;
  const [customer, tags, follow] = await Promise.all([
    db('customers').where({ id: card.customerId }).first('name'),
    db('customer_tags as ct')
      .join('tags as t', 't.id', 'ct.tag_id')
      .where('ct.customer_id', card.customerId)
      .orderBy('t.name')
      .limit(20)
      .pluck('t.name'),
    db('follow_ups')
      .where({ customer_id: card.customerId, record_type: 1 })
      .orderBy('created_at', 'desc')
      .first('details', 'details_message', 'created_at'),
  ]);
  return {
    ...card,
    name: customer?.name ?? card.name,
    tags: tags as string[],
    lastFollowUp: follow
      ? {
          at: new Date(follow.created_at).toISOString(),
          content: follow.details,
          message: messageOf(follow.details_message),
        }
      : card.lastFollowUp,
  };
}
