import { describe, expect, it } from 'vitest';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';

const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
const addresses = async (text: string) =>
  (await pipeline.run(text))
    .filter((s) => s.label === 'ADDRESS')
    .map((s) => text.slice(s.start, s.end));

describe('a UK postcode right after the street is read whole, not as a direction', () => {
  it.each([
    ['12 Baker Street NW1 6XE', '12 Baker Street NW1 6XE'],
    ['21 Kingswood Road SW2 4JE, London', '21 Kingswood Road SW2 4JE'],
    ['Send it to 4 Station Road SE1 7PB please', '4 Station Road SE1 7PB'],
    ['7 Mill Lane N1 9GU', '7 Mill Lane N1 9GU'],
  ])('%s', async (text, address) => {
    expect(await addresses(text)).toEqual([address]);
  });

  it('keeps a direction after the street word when no postcode digit is glued to it', async () => {
    expect(await addresses('1600 Pennsylvania Ave NW, Washington, DC 20500')).toEqual([
      '1600 Pennsylvania Ave NW, Washington, DC 20500',
    ]);
    expect(await addresses('Meet at 350 Main Street NE tomorrow')).toEqual(['350 Main Street NE']);
  });
});
