// Add or remove tags on the selected customers; a new tag can be created on the spot.
import { Button, Callout, Dialog, DialogBody, InputGroup, Intent, SegmentedControl } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import type { TagDto } from '../../../../../domain/crm';

type Choice = 'keep' | 'add' | 'remove';

export function TagDialog(p: {
  isOpen: boolean;
  count: number;
  tags: TagDto[];
  saving: boolean;
  formError: string | null;
  onCreateTag(name: string): void;
  onApply(add: number[], remove: number[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation(['crm', 'common']);
  const [choice, setChoice] = useState<Record<number, Choice>>({});
  const [newName, setNewName] = useState('');
  const [empty, setEmpty] = useState(false);

  useEffect(() => {
    if (!p.isOpen) return;
    setChoice({});
    setNewName('');
    setEmpty(false);
  }, [p.isOpen]);

  const pick = (want: Choice) =>
    Object.entries(choice)
      .filter(([, c]) => c === want)
      .map(([id]) => Number(id));
  const apply = () => {
    const [add, remove] = [pick('add'), pick('remove')];
    setEmpty(add.length + remove.length === 0);
    if (add.length + remove.length > 0) p.onApply(add, remove);
  };
  const create = () => {
    if (newName.trim()) p.onCreateTag(newName.trim());
    setNewName('');
  };
  const options = (['keep', 'add', 'remove'] as const).map((c) => ({ value: c, label: t(`tags.${c}`) }));

  return (
    <Dialog isOpen={p.isOpen} onClose={p.onClose} title={t('tags.title')} icon="tag">
      <DialogBody>
        <p>{t('tags.help', { count: p.count })}</p>
        {p.tags.length === 0 && <p data-testid="tags-none">{t('tags.none')}</p>}
        <div data-testid="tag-dialog">
          {p.tags.map((tag) => (
            <div key={tag.id} className="cp-crm-bar">
              <span className="cp-crm-grow">{tag.name}</span>
              <SegmentedControl
                size="small"
                data-testid={`tag-choice-${tag.id}`}
                value={choice[tag.id] ?? 'keep'}
                options={options}
                onValueChange={(c) => setChoice((s) => ({ ...s, [tag.id]: c as Choice }))}
              />
            </div>
          ))}
        </div>
        <div className="cp-crm-bar">
          <InputGroup
            className="cp-crm-grow"
            data-testid="new-tag-name"
            placeholder={t('tags.newTag')}
            value={newName}
            onValueChange={setNewName}
          />
          <Button icon="add" text={t('tags.create')} onClick={create} data-testid="new-tag-create" />
        </div>
        {(empty || p.formError) && (
          <Callout intent={Intent.DANGER} data-testid="tag-error">
            {empty ? t('tags.nothing') : p.formError}
          </Callout>
        )}
      </DialogBody>
      <DialogActions
        closeText={t('common:actions.cancel')}
        onClose={p.onClose}
        loading={p.saving}
        text={t('actions.save')}
        onClick={apply}
        testId="tag-submit"
      />
    </Dialog>
  );
}
