import { lazy } from 'react';

/**
 * The selfie feature's public entry: the selfie flow (a modal of steps), the face search's part
 * of the album screen, and the camera help pages (routed by the app). Each is its own lazy chunk:
 * the camera, face and review code loads only for face-search events.
 */
export const SelfieFlow = lazy(() => import('./components/selfie-flow'));
export const FaceSearchPanel = lazy(() => import('./components/face-search-panel'));
export type { FaceSearchPanelProps } from './components/face-search-panel';
export type { SelfieFlowProps } from './components/selfie-flow';
