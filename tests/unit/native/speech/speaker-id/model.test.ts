/**
 * The check that keeps a speaker model sherpa-onnx would end the process on from being loaded:
 * ONNX metadata entries as protobuf bytes (field 1 key, field 2 value, each length-prefixed).
 */
import { describe, expect, it } from 'vitest';
import { speakerModelProblem } from '../../../../../src/native/speech/speaker-id/model';

/** One metadata_props entry's bytes: key and value fields, as ONNX writes them. */
function entry(key: string, value: string): string {
  return `\n${String.fromCharCode(key.length)}${key}\u0012${String.fromCharCode(value.length)}${value}`;
}

function model(meta: Record<string, string>): Uint8Array {
  const body = Object.entries(meta)
    .map(([k, v]) => `r${String.fromCharCode(k.length + v.length + 4)}${entry(k, v)}`)
    .join('');
  return Buffer.from(`\u0008\u0008graph bytes${body}`, 'latin1');
}

const GOOD = {
  framework: '3d-speaker',
  output_dim: '512',
  sample_rate: '16000',
  normalize_samples: '1',
  language: 'English',
  feature_normalize_type: 'global-mean',
};

describe('speakerModelProblem', () => {
  it('accepts a wespeaker or 3d-speaker model with the metadata sherpa-onnx reads', () => {
    expect(speakerModelProblem(model(GOOD))).toBeUndefined();
    const { feature_normalize_type: _optional, ...withoutNormalise } = GOOD;
    expect(speakerModelProblem(model({ ...withoutNormalise, framework: 'wespeaker' }))).toBeUndefined();
  });

  it('names the keys that are missing', () => {
    const { language: _l, sample_rate: _s, ...rest } = GOOD;
    expect(speakerModelProblem(model(rest))).toBe(
      'its metadata lacks sample_rate, language (not a wespeaker or 3d-speaker export)',
    );
    expect(speakerModelProblem(Buffer.from('not a model'))).toMatch(/lacks framework, output_dim/);
  });

  it('refuses another framework or feature normalisation, saying which', () => {
    expect(speakerModelProblem(model({ ...GOOD, framework: 'nemo' }))).toBe(
      'its framework is "nemo"; sherpa-onnx takes wespeaker or 3d-speaker models',
    );
    expect(speakerModelProblem(model({ ...GOOD, feature_normalize_type: 'cmvn' }))).toBe(
      'its feature_normalize_type is "cmvn"; sherpa-onnx knows only global-mean',
    );
  });

  it('does not take a key that only appears inside another string', () => {
    expect(
      speakerModelProblem(Buffer.from('framework output_dim sample_rate normalize_samples language')),
    ).toMatch(/lacks framework/);
  });
});
