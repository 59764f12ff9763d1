/** The desktop app's web pages: download (accounts.md) and launch-app (conversation.md). */
export { DownloadPage } from './components/DownloadPage';
export { LaunchAppPage } from './components/LaunchAppPage';
