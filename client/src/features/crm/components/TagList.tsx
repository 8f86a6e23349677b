// A customer's tags as Blueprint Tags, in the tag's colour when it has one.
import { Tag } from '@blueprintjs/core';
import type { TagDto } from '../../../../../domain/crm';

export function TagList({ ids, tags }: { ids: number[]; tags: TagDto[] }) {
  const byId = new Map(tags.map((t) => [t.id, t]));
  return (
    <span className="cp-crm-tags">
      {ids.map((id) => {
        const tag = byId.get(id);
        return (
          <Tag key={id} minimal style={tag?.color ? { backgroundColor: tag.color } : undefined}>
            {tag?.name ?? `#${id}`}
          </Tag>
        );
      })}
    </span>
  );
}
