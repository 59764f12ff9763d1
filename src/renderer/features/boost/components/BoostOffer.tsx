import { Button, Checkbox, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { boostActions, type BoostSuggestion } from '../slice';

/**
 * The end sequence's BOOST stage (docs/boost.md): the words people corrected in this
 * conversation, one row each with how often, none chosen until the person chooses. A modal
 * dialog named by its title and described by its text; a fieldset groups the rows for screen
 * readers; Escape and "Not now" add nothing.
 */
export function BoostOffer() {
  const offer = useAppSelector((s) => s.boost.offer);
  if (!offer) return null;
  // A new offer starts with nothing chosen.
  return <BoostOfferDialog key={offer.map((o) => o.word).join(',')} offer={offer} />;
}

function BoostOfferDialog({ offer }: { offer: BoostSuggestion[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const introId = useId();
  const toggle = (word: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(word)) next.delete(word);
      else next.add(word);
      return next;
    });
  const answer = (words: string[]) => dispatch(boostActions.answered(words));
  return (
    <Dialog
      isOpen
      onClose={() => answer([])}
      title={t('boost.offer.title')}
      aria-describedby={introId}
      data-testid="boost-offer"
    >
      <DialogBody>
        <p id={introId}>{t('boost.offer.intro')}</p>
        <fieldset className="boost-offer-rows">
          <legend>{t('boost.offer.legend')}</legend>
          <ul className="boost-offer-list">
            {offer.map((s, i) => (
              <li key={s.word}>
                <Checkbox
                  checked={chosen.has(s.word)}
                  onChange={() => toggle(s.word)}
                  autoFocus={i === 0}
                  data-testid={`boost-offer-word-${s.word}`}
                  labelElement={
                    <>
                      <span className="boost-offer-word">{s.word}</span>{' '}
                      <span className="boost-offer-count">
                        {t('boost.offer.corrected', { count: s.count })}
                      </span>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => answer([])} data-testid="boost-offer-skip">
              {t('boost.offer.skip')}
            </Button>
            <Button
              intent="primary"
              disabled={chosen.size === 0}
              onClick={() => answer(offer.map((o) => o.word).filter((w) => chosen.has(w)))}
              data-testid="boost-offer-add"
            >
              {t('boost.offer.add', { count: chosen.size })}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
