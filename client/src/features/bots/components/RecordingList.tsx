// Recordings: every fixed prompt, to be recorded or recorded; upload a WAV (mono 8000 Hz), play it.
import { Button, FileInput, Intent, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ListView } from '../../../ui/ListView';
import { stashFile } from '../../../ui/uploads';
import { selectAssets } from '../slice';
import { assetsActions as A } from '../slice/assets';

export function RecordingList({ botId }: { botId: number }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectAssets);
  useEffect(() => {
    dispatch(A.recordingsRequested(botId));
  }, [dispatch, botId]);
  return (
    <div data-testid="recording-tab">
      <p className="cp-bots-muted">{t('recording.hint')}</p>
      <ErrorCallout error={s.uploadError?.message} testId="recording-error" />
      <ListView
        waiting={s.recordingsLoading && s.recordings.length === 0}
        empty={s.recordings.length === 0}
        emptyIcon="music"
        emptyText={t('recording.empty')}
        emptyTestId="recording-empty"
      >
        <DataTable
          className="cp-bots-table"
          testId="recording-table"
          pinFirst
          pinLast
          columns={[
            t('recording.text'),
            t('recording.where'),
            t('recording.state'),
            t('common:table.actions'),
          ]}
        >
          {s.recordings.map((r) => (
            <tr key={r.promptKey} data-testid={`recording-row-${r.promptKey}`}>
              <td>{r.text}</td>
              <td>{r.where}</td>
              <td>
                <Tag minimal intent={r.recorded ? Intent.SUCCESS : Intent.WARNING}>
                  {r.recorded ? t('recording.recorded') : t('recording.toRecord')}
                </Tag>
              </td>
              <td>
                <FileInput
                  text={s.uploading === r.promptKey ? '…' : t('actions.upload')}
                  buttonText={t('actions.upload')}
                  inputProps={{ accept: '.wav,audio/wav' }}
                  disabled={s.uploading !== null}
                  onInputChange={(e) => {
                    const file = (e.currentTarget as HTMLInputElement).files?.[0];
                    if (file)
                      dispatch(
                        A.uploadRequested({ botId, promptKey: r.promptKey, fileKey: stashFile(file) }),
                      );
                  }}
                />{' '}
                {r.recordingId !== null && (
                  <Button
                    icon="play"
                    text={t('actions.play')}
                    onClick={() => dispatch(A.playRequested(r.recordingId!))}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
    </div>
  );
}
