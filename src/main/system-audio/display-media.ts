/**
 * Answers the renderer's getDisplayMedia: on Windows, with the whole screen as video (Chromium
 * requires a video track; the renderer stops it at once) and loopback audio, the sound the
 * computer plays. Only our own pages get it, and nothing on other platforms.
 */
export interface DisplayMediaRequest {
  securityOrigin: string;
  audioRequested: boolean;
  videoRequested: boolean;
}

export interface ScreenSource {
  id: string;
  name: string;
}

export type DisplayMediaAnswer = { video: ScreenSource; audio: 'loopback' } | null;

export function displayMediaAnswer(
  request: DisplayMediaRequest,
  screens: readonly ScreenSource[],
  platform: string,
  appOrigins: readonly string[],
): DisplayMediaAnswer {
  if (!appOrigins.includes(request.securityOrigin)) return null;
  if (platform !== 'win32' || !request.audioRequested) return null;
  const screen = screens[0];
  return screen ? { video: screen, audio: 'loopback' } : null;
}
