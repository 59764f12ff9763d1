/**
 * Preload of every window (sandboxed: only Electron's renderer modules are available here).
 * Exposes the typed bridge on `window.hearkenDesktop` through contextBridge; the page gets no
 * other way to main.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../shared/ipc';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(ipcRenderer));
