import { Button, type ButtonProps, type IconName } from '@blueprintjs/core';
import { type Dispatch, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  CAPTION_BUBBLE_HIDE_MS,
  type CaptionMode,
  DESKTOP_ROUTES,
  captionViewSearch,
  type CaptionViewQuery,
} from '../../../../shared/desktop';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectFontSizePx } from '../../settings/selectors';
import { settingsActions } from '../../settings/slice';
import { type BubbleEvent, type BubbleState, bubbleWaitsToHide } from '../bubble';
import { FONT_STEP_PX } from '../caption-view';
import { selectDesktopConfig, selectSharedCaptionsState } from '../../desktop/selectors';
import { desktopActions } from '../../desktop/slice';

/** Hides the bubble CAPTION_BUBBLE_HIDE_MS after the last activity. */
export function useBubbleTimer(bubble: BubbleState, dispatch: Dispatch<BubbleEvent>): void {
  useEffect(() => {
    if (!bubbleWaitsToHide(bubble)) return;
    const generation = bubble.generation;
    const timer = setTimeout(() => dispatch({ type: 'timeout', generation }), CAPTION_BUBBLE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [bubble, dispatch]);
}

/** A small icon-only button of the bubble: its label is both its accessible name and its tooltip. */
function IconButton({
  icon,
  label,
  ...props
}: { icon: IconName; label: string } & Omit<ButtonProps, 'icon'>) {
  return <Button size="small" icon={icon} aria-label={label} title={label} {...props} />;
}

/**
 * The caption window's controls: move grip, start/stop, text size, mode, click-through, open
 * the app, hide. In a browser (no desktop app) only what a page can do itself is offered.
 */
export function CaptionBubble({
  mode,
  query,
  bubble,
  dispatchBubble,
}: {
  mode: CaptionMode;
  query: CaptionViewQuery;
  bubble: BubbleState;
  dispatchBubble: Dispatch<BubbleEvent>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const config = useAppSelector(selectDesktopConfig);
  const captions = useAppSelector(selectSharedCaptionsState);
  const fontSize = useAppSelector(selectFontSizePx);
  const desktop = config !== undefined;
  const running = captions.recording !== 'NOT_RECORDING';
  const other: CaptionMode = mode === 'floatingCaptions' ? 'captionsBox' : 'floatingCaptions';

  const setInteractive = (interactive: boolean) => {
    dispatchBubble({ type: 'hover', inside: interactive });
    if (desktop) dispatch(desktopActions.windowInteractiveChanged(interactive));
  };
  /** A click handler: captions `steps` steps (FONT_STEP_PX) larger, or smaller when negative. */
  const resizeBy = (steps: number) => () =>
    dispatch(settingsActions.fontSizeChanged(fontSize + steps * FONT_STEP_PX));
  const switchMode = () => {
    if (desktop) dispatch(desktopActions.preferencesUpdateRequested({ captionMode: other }));
    // In a browser the page itself shows the other view.
    else navigate(`${DESKTOP_ROUTES.captions}${captionViewSearch({ ...query, mode: other })}`);
  };

  return (
    <div
      className="caption-bubble"
      data-shown={bubble.shown ? 'true' : 'false'}
      data-testid="caption-bubble"
      role="group"
      aria-label={t('desktop.controls')}
      onPointerEnter={() => setInteractive(true)}
      onPointerLeave={() => setInteractive(false)}
      // Keyboard focus keeps the controls up; focus left by a mouse click does not (they would
      // otherwise cover the captions until the user clicked elsewhere).
      onFocus={(event) =>
        dispatchBubble(
          (event.target as Element).matches(':focus-visible')
            ? { type: 'focus', inside: true }
            : { type: 'activity' },
        )
      }
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          dispatchBubble({ type: 'focus', inside: false });
      }}
    >
      {desktop ? <div className="caption-grip" aria-hidden="true" title={t('desktop.moveHint')} /> : null}
      {desktop ? (
        <Button
          size="small"
          intent={running ? 'none' : 'primary'}
          data-testid="captions-toggle"
          onClick={() => dispatch(desktopActions.captionsCommandRequested(running ? 'stop' : 'start'))}
        >
          {running ? t('desktop.stop') : t('desktop.start')}
        </Button>
      ) : null}
      <IconButton
        icon="minus"
        label={t('desktop.smaller')}
        data-testid="font-smaller"
        onClick={resizeBy(-1)}
      />
      <IconButton icon="plus" label={t('desktop.larger')} data-testid="font-larger" onClick={resizeBy(1)} />
      <Button size="small" data-testid="switch-mode" onClick={switchMode}>
        {other === 'captionsBox' ? t('desktop.switchToBox') : t('desktop.switchToFloating')}
      </Button>
      {desktop && mode === 'floatingCaptions' ? (
        <IconButton
          icon="hand-up"
          label={t('desktop.clickThrough')}
          aria-pressed={config.preferences.clickThrough}
          data-testid="click-through"
          onClick={() =>
            dispatch(
              desktopActions.preferencesUpdateRequested({ clickThrough: !config.preferences.clickThrough }),
            )
          }
        />
      ) : null}
      {desktop ? (
        <>
          <IconButton
            icon="application"
            label={t('desktop.openApp')}
            onClick={() => dispatch(desktopActions.showMainRequested())}
          />
          <IconButton
            icon="cross"
            label={t('desktop.hide')}
            data-testid="hide-captions"
            onClick={() => dispatch(desktopActions.windowHideRequested())}
          />
        </>
      ) : null}
    </div>
  );
}
