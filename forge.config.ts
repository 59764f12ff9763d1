/**
 * Packaging of the desktop app (electron-forge 8): the Vite plugin builds main, the
 * offline-captions process, the preload and the renderer; makers build a zip (macOS, Linux), a
 * Squirrel installer (Windows), a dmg (macOS), deb and rpm (Linux); the S3 publisher uploads
 * them with the update feed files (RELEASES, RELEASES.json) that the app's auto-updater reads at
 * HEARKEN_UPDATE_FEED. Fuses turn off what an attacker could use to run the app as plain Node.
 * See README.md ("Desktop app") and docs/desktop.md.
 */
import type { ForgeConfig } from '@electron-forge/shared-types';
import { MakerDeb } from '@electron-forge/maker-deb';
import { MakerDMG } from '@electron-forge/maker-dmg';
import { MakerRpm } from '@electron-forge/maker-rpm';
import { MakerSquirrel } from '@electron-forge/maker-squirrel';
import { MakerZIP } from '@electron-forge/maker-zip';
import { FusesPlugin } from '@electron-forge/plugin-fuses';
import { VitePlugin } from '@electron-forge/plugin-vite';
import { PublisherS3 } from '@electron-forge/publisher-s3';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { ignoredInPackage } from './src/main/packaging';
import { DESKTOP_PROTOCOL } from './src/shared/desktop';
import { DESKTOP_RENDERER_NAME } from './vite.desktop-renderer.config';

/** Where the publisher uploads and the app looks for updates (e.g. https://updates.example.org/hearken). */
const feed = process.env.HEARKEN_UPDATE_FEED ?? '';
const targetPlatform = process.env.npm_config_platform ?? process.platform;
const targetArch = process.env.npm_config_arch ?? process.arch;

const config: ForgeConfig = {
  packagerConfig: {
    name: 'Hearken',
    executableName: 'hearken',
    appBundleId: 'org.hearken.desktop',
    appCategoryType: 'public.app-category.productivity',
    icon: 'resources/icons/icon',
    // Native addons (.node) and their libraries cannot run from inside the archive.
    asar: { unpack: '**/*.{node,so,so.*,dylib,dll}' },
    ignore: (path: string) => ignoredInPackage(path, targetPlatform, targetArch),
    // The VAD model, the tray images and the icon, reachable at process.resourcesPath.
    extraResource: ['resources/models', 'resources/tray', 'resources/icons'],
    protocols: [{ name: 'Hearken', schemes: [DESKTOP_PROTOCOL] }],
    extendInfo: {
      NSMicrophoneUsageDescription:
        'Hearken listens to the microphone to show live captions of what is said.',
      NSAudioCaptureUsageDescription:
        'Hearken listens to what your computer plays to caption calls and videos.',
    },
  },
  rebuildConfig: {},
  makers: [
    new MakerSquirrel({
      name: 'Hearken',
      setupIcon: 'resources/icons/icon.ico',
      ...(feed ? { remoteReleases: `${feed}/win32/x64` } : {}),
    }),
    new MakerZIP({ ...(feed ? { macUpdateManifestBaseUrl: `${feed}/darwin/${targetArch}` } : {}) }, [
      'darwin',
      'linux',
    ]),
    new MakerDMG({ name: 'Hearken', format: 'ULFO' }),
    new MakerDeb({
      options: {
        name: 'hearken',
        productName: 'Hearken',
        genericName: 'Live captions',
        categories: ['AudioVideo', 'Utility'],
        mimeType: [`x-scheme-handler/${DESKTOP_PROTOCOL}`],
        icon: 'resources/icons/icon.png',
        // Offline captions and computer audio on Linux.
        recommends: ['libpocketsphinx3', 'pocketsphinx-en-us', 'pulseaudio-utils'],
      },
    }),
    new MakerRpm({
      options: {
        name: 'hearken',
        productName: 'Hearken',
        genericName: 'Live captions',
        categories: ['AudioVideo', 'Utility'],
        mimeType: [`x-scheme-handler/${DESKTOP_PROTOCOL}`],
        icon: 'resources/icons/icon.png',
      },
    }),
  ],
  publishers: [
    new PublisherS3({
      bucket: process.env.HEARKEN_UPDATE_BUCKET,
      folder: process.env.HEARKEN_UPDATE_FOLDER ?? 'hearken',
      region: process.env.HEARKEN_UPDATE_REGION,
      endpoint: process.env.HEARKEN_UPDATE_ENDPOINT,
      public: true,
    }),
  ],
  plugins: [
    new VitePlugin({
      build: [
        { entry: 'src/main/main.ts', config: 'vite.main.config.ts', target: 'main' },
        {
          entry: { 'offline-captions': 'src/native/offline/process.ts' },
          config: 'vite.main.config.ts',
          target: 'main',
        },
        { entry: 'src/preload/preload.ts', config: 'vite.preload.config.ts', target: 'preload' },
      ],
      renderer: [{ name: DESKTOP_RENDERER_NAME, config: 'vite.desktop-renderer.config.ts' }],
    }),
    new FusesPlugin({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    }),
  ],
};

export default config;
