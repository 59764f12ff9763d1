import { call, put, select, takeEvery } from 'typed-redux-saga';
import { API, type ServerConfigResponse } from '../../../shared/api';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { AppDeps } from '../../app/deps';
import { socketActions } from '../socket/slice';
import { settingsActions } from './slice';
import {
  selectCurseFilter,
  selectFontSizePx,
  selectKeywordEmphasis,
  selectLanguage,
  selectSpeechLang,
  selectTheme,
} from './selectors';

function* applyLanguage(deps: AppDeps) {
  const language = yield* select(selectLanguage);
  deps.storage.set(STORAGE_KEYS.language, language);
  yield* call([deps.i18n, deps.i18n.changeLanguage], language);
}

function* persistTheme(deps: AppDeps, action: ReturnType<typeof settingsActions.themeChanged>) {
  yield* call([deps.storage, deps.storage.set], STORAGE_KEYS.theme, action.payload);
}

function* persistFontSize(deps: AppDeps) {
  const px = yield* select(selectFontSizePx);
  deps.storage.set(STORAGE_KEYS.fontSize, String(px));
}

function* persistSpeechLang(deps: AppDeps, action: ReturnType<typeof settingsActions.speechLangChanged>) {
  yield* call([deps.storage, deps.storage.set], STORAGE_KEYS.speechLang, action.payload);
}

function* persistCurseFilter(deps: AppDeps) {
  const level = yield* select(selectCurseFilter);
  deps.storage.set(STORAGE_KEYS.curseFilter, String(level));
  // In a conversation the server filters from now on; otherwise connection-params carries it.
  deps.link.send({ type: 'set-curse-filter', level });
}

function* persistKeywordEmphasis(deps: AppDeps) {
  const on = yield* select(selectKeywordEmphasis);
  deps.storage.set(STORAGE_KEYS.keywordEmphasis, String(on));
}

/** Which speech languages the server recognises; best effort, the default stays otherwise. */
export function* loadSpeechLangs(deps: AppDeps) {
  const result = yield* call([deps.http, deps.http.get<ServerConfigResponse>], API.config);
  if (result.ok && Array.isArray(result.data?.speech?.langs)) {
    yield* put(settingsActions.speechLangsLoaded(result.data.speech.langs));
    const tiers = result.data.speech.tiers ?? {};
    yield* put(
      settingsActions.fallbackTiersLoaded(
        (['basic', 'premium'] as const).filter((tier) => tiers[tier]?.fallback === true),
      ),
    );
    const speakers = result.data.speech.speakerIdentification;
    if (typeof speakers?.available === 'boolean')
      yield* put(settingsActions.speakerIdentificationLoaded(speakers.available));
    const integrations = result.data.integrations;
    if (typeof integrations?.meetingBots === 'boolean' && typeof integrations.phoneCalls === 'boolean')
      yield* put(
        settingsActions.integrationsLoaded({
          meetingBots: integrations.meetingBots,
          phoneCalls: integrations.phoneCalls,
        }),
      );
  } else if (!result.ok) {
    deps.logger.log('warn', 'settings', `could not read the server's speech languages: ${result.message}`);
  }
}

/** Settings restored from the account: kept on this device too, and the language applied. */
function* persistRestored(deps: AppDeps) {
  yield* call(persistFontSize, deps);
  const theme = yield* select(selectTheme);
  deps.storage.set(STORAGE_KEYS.theme, theme);
  yield* call(applyLanguage, deps);
}

/**
 * The server says this person's recognition language changed (the host, or they on another
 * device: change-speaker-language): it becomes theirs here too, so the next recording starts in it.
 */
function* followSpeakerLanguage(action: ReturnType<typeof socketActions.messageReceived>) {
  if (action.payload.type !== 'speaker-language') return;
  const current = yield* select(selectSpeechLang);
  if (action.payload.language !== current)
    yield* put(settingsActions.speechLangChanged(action.payload.language));
}

export function* settingsSaga(deps: AppDeps) {
  yield* takeEvery(socketActions.messageReceived.type, followSpeakerLanguage);
  yield* takeEvery(settingsActions.restoredFromAccount.type, persistRestored, deps);
  yield* takeEvery(settingsActions.languageChanged.type, applyLanguage, deps);
  yield* takeEvery(settingsActions.themeChanged.type, persistTheme, deps);
  yield* takeEvery(settingsActions.fontSizeChanged.type, persistFontSize, deps);
  yield* takeEvery(settingsActions.speechLangChanged.type, persistSpeechLang, deps);
  yield* takeEvery(settingsActions.curseFilterChanged.type, persistCurseFilter, deps);
  yield* takeEvery(settingsActions.keywordEmphasisChanged.type, persistKeywordEmphasis, deps);
}
