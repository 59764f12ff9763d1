import { Button, Callout, FormGroup, H2, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_COMMENT_MAX_LENGTH, RATING_MAX_STARS, RATING_MIN_STARS } from '../../../../shared/rating';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ratingActions } from '../slice';
import '../rating.css';

const STARS = Array.from({ length: RATING_MAX_STARS - RATING_MIN_STARS + 1 }, (_, i) => RATING_MIN_STARS + i);

/**
 * After a conversation: one to five stars and an optional comment, or Skip. The stars are a
 * radio group (arrow keys move, each named "3 stars"); what happened is said in a live region.
 */
export function RatingForm({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const rating = useAppSelector((s) => s.rating.byRoom[roomId]);
  const [stars, setStars] = useState<number>();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string>();
  const headingId = useId();
  const commentId = useId();
  const helpId = useId();
  const problemId = useId();
  const status = rating?.status ?? 'checking';

  useEffect(() => {
    dispatch(ratingActions.checkRequested(roomId));
  }, [dispatch, roomId]);

  // Nothing while reading back: the form must not flash up for someone who has rated already.
  if (status === 'skipped' || status === 'checking') return null;
  if (status === 'rated' || status === 'already-rated') {
    return (
      <Callout intent="success" role="status" data-testid="rating-done">
        {t(status === 'rated' ? 'history.rating.thanks' : 'history.rating.already')}
      </Callout>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === undefined) {
      setProblem(t('history.rating.chooseStars'));
      return;
    }
    setProblem(undefined);
    const text = comment.trim();
    dispatch(ratingActions.submitted({ roomId, rating: { stars, ...(text ? { comment: text } : {}) } }));
  };

  return (
    <section className="rating-form" aria-labelledby={headingId} data-testid="rating-form">
      <H2 id={headingId}>{t('history.rating.heading')}</H2>
      <form onSubmit={submit} noValidate>
        <RadioGroup
          label={t('history.rating.stars')}
          name={`rating-${roomId}`}
          inline
          selectedValue={stars === undefined ? undefined : String(stars)}
          onChange={(e) => setStars(Number(e.currentTarget.value))}
        >
          {STARS.map((n) => (
            <Radio
              key={n}
              value={String(n)}
              data-testid={`rating-star-${n}`}
              label={`${'★'.repeat(n)} ${t('history.rating.star', { count: n })}`}
            />
          ))}
        </RadioGroup>
        <FormGroup
          label={t('history.rating.comment')}
          labelFor={commentId}
          helperText={<span id={helpId}>{t('history.rating.commentHelp')}</span>}
        >
          <TextArea
            id={commentId}
            value={comment}
            maxLength={RATING_COMMENT_MAX_LENGTH}
            aria-describedby={helpId}
            data-testid="rating-comment"
            onChange={(e) => setComment(e.target.value)}
          />
        </FormGroup>
        <p id={problemId} role="alert" className="field-problem">
          {problem ?? (status === 'failed' ? `${t('history.rating.failed')} ${rating?.error ?? ''}` : '')}
        </p>
        <div className="page-actions">
          <Button type="submit" intent="primary" loading={status === 'sending'} data-testid="rating-submit">
            {t('history.rating.submit')}
          </Button>
          <Button data-testid="rating-skip" onClick={() => dispatch(ratingActions.skipped(roomId))}>
            {t('history.rating.skip')}
          </Button>
        </div>
      </form>
    </section>
  );
}
