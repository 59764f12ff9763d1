export { createSherpaOnnxEngine, SherpaOnnxEngine } from './engine';
export { DEFAULT_SHERPA_ONNX_OPTIONS, type SherpaOnnxOptions } from './config';
