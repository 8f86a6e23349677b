// Recordings: every fixed prompt, to be recorded or recorded; upload a WAV (mono 8000 Hz), play it.
import { Button, Callout, FileInput, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
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
  if (s.recordingsLoading && s.recordings.length === 0) return <Spinner />;
  return (
    <div data-testid="recording-tab">
      <p className="cp-bots-muted">{t('recording.hint')}</p>
      {s.uploadError && (
        <Callout intent={Intent.DANGER} data-testid="recording-error">
          {s.uploadError.message}
        </Callout>
      )}
      {s.recordings.length === 0 ? (
        <p className="cp-bots-muted">{t('recording.empty')}</p>
      ) : (
        <HTMLTable compact striped className="cp-bots-table">
          <thead>
            <tr>
              <th>{t('recording.text')}</th>
              <th>{t('recording.where')}</th>
              <th>{t('recording.state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {s.recordings.map((r) => (
              <tr key={r.promptKey}>
                <td>{r.text}</td>
                <td>{r.where}</td>
                <td>
                  <Tag minimal intent={r.recorded ? Intent.SUCCESS : Intent.WARNING}>
                    {r.recorded ? t('recording.recorded') : t('recording.toRecord')}
                  </Tag>
                </td>
                <td className="cp-bots-row">
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
                  />
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
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
