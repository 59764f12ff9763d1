import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { loadAudioState } from '../features/audio/slice';
import { loadVoicedRepliesState } from '../features/voiced-replies/slice';
import { loadSettings } from '../features/settings/slice';
import type { AppDeps } from './deps';
import { type RootState, rootReducer } from './root-reducer';
import { rootSaga } from './root-saga';

export function createAppStore(deps: AppDeps) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => deps.logger.log('error', 'saga', 'a saga failed', error),
  });
  const preloadedState: Partial<RootState> = {
    settings: loadSettings(deps.storage, typeof navigator === 'undefined' ? [] : (navigator.languages ?? [])),
    audio: loadAudioState(deps.storage),
    voicedReplies: loadVoicedRepliesState(deps.storage),
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga, deps);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
