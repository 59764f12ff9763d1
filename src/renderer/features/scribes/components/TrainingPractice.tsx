import { Callout } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { scribeActions } from '../slice';

/** A practice room: the recording to listen to while correcting, and the accuracy so far. */
export function TrainingPractice({ roomId, name }: { roomId: string; name: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const audioUrl = useAppSelector((s) => s.scribe.trainingAudioUrl);
  const score = useAppSelector((s) => s.scribe.score);
  useEffect(() => {
    dispatch(scribeActions.practiceOpened({ roomId, name }));
    return () => {
      dispatch(scribeActions.practiceClosed());
    };
  }, [dispatch, roomId, name]);
  const percent = (x: number) => Math.round(x * 1000) / 10;
  return (
    <section
      className="scribe-training"
      aria-label={t('scribe.training.heading')}
      data-testid="scribe-training"
    >
      <h3>{t('scribe.training.heading')}</h3>
      {audioUrl ? (
        // The room's captions are the recording's own (the server plays it to the recogniser).
        <audio src={audioUrl} controls autoPlay aria-label={t('scribe.training.play')} />
      ) : null}
      {score ? (
        <Callout compact data-testid="scribe-training-score">
          <p>
            {t('scribe.training.score', {
              accuracy: percent(Math.max(0, 1 - score.wer)),
              wer: percent(score.wer),
            })}
          </p>
          <p>
            {t('scribe.training.fixed', {
              fixed: score.errorsFixed,
              errors: score.asrErrors,
              left: score.errorsLeft,
            })}
          </p>
          <p>{score.finished ? t('scribe.training.finished') : t('scribe.training.playing')}</p>
        </Callout>
      ) : null}
    </section>
  );
}
