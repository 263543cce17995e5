import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { foldMarkerHtml } from '../../shared/fold';
import { Fold } from './Fold';

describe('Fold', () => {
  it('renders exactly the marker the server replaces', () => {
    expect(renderToString(<Fold />)).toBe(foldMarkerHtml);
  });
});
