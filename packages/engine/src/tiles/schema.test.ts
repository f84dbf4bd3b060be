/**
 * The open tile schema: feature attributes and symbols declared by the base game and expansions,
 * accepted in tile files when declared and refused (tile/invalid, with the path) when not; merged
 * attribute values over joined features.
 */
import { describe, expect, test } from 'vitest';
import { BUILTIN, createGame } from '../expansions/index.js';
import type { ExpansionDef, ExpansionInstance } from '../rules/expansion.js';
import type { Game } from '../rules/game.js';
import { K_CITY, K_ROAD } from '../types.js';
import { unwrap } from '../util/result.js';
import type { FeatureAttributeSpec } from './schema.js';
import type { TileDefInput } from './tileDef.js';

/** A straight road (W–E) between two fields, with `road`'s attributes. */
const straight = (id: string, road: Record<string, boolean | number> = {}): TileDefInput => ({
  id,
  features: [
    { kind: 'road', edges: 'W E', ...road },
    { kind: 'field', halves: 'WR NL NR EL' },
    { kind: 'field', halves: 'ER SL SR WL' },
  ],
});

const noRules: ExpansionInstance = { moveTypes: [], clone: () => noRules, stateParts: () => [] };

/** A test expansion declaring road attributes and a symbol, with one tile that uses them. */
const WELLS: FeatureAttributeSpec = {
  name: 'wells',
  kinds: ['road'],
  type: 'count',
  merge: 'sum',
  doc: 'wells along a road',
};
const MILESTONE: FeatureAttributeSpec = {
  name: 'milestone',
  kinds: ['road'],
  type: 'count',
  max: 20,
  merge: 'max',
  doc: 'the distance on a road’s milestone',
};
const PAVED: FeatureAttributeSpec = {
  name: 'paved',
  kinds: ['road'],
  type: 'flag',
  merge: 'or',
  doc: 'a paved road',
};
const ROADSIDE: ExpansionDef = {
  id: 'roadside',
  featureAttributes: [WELLS, MILESTONE, PAVED],
  symbols: [{ name: 'signpost', doc: 'a signpost, drawn only' }],
  tiles: [
    { ...straight('RS/W2', { wells: 2, milestone: 7, paved: true }), symbols: ['signpost'] },
    straight('RS/W1', { wells: 1, milestone: 12, paved: true }),
  ],
  tileSets: { roadside: { 'RS/W2': 2, 'RS/W1': 1 } },
  tileSet: () => 'roadside',
  create: () => noRules,
};
const WITH_ROADSIDE = BUILTIN.with(ROADSIDE);

/** The refusal of a tile file `tiles` read with `registry`'s catalog: code, path and message. */
function refusal(tiles: unknown[], registry = BUILTIN): [string, string, string] | 'accepted' {
  const r = registry.catalog().withExtra(tiles, 'my.json');
  return r.ok ? 'accepted' : [r.error.code, r.error.path, r.error.message];
}

describe('feature attributes and symbols, declared by the base game and expansions', () => {
  test('a tile file may use only declared attributes and symbols; others are refused with their path', () => {
    const inn = straight('T/inn', { wells: 1 });
    expect(refusal([inn])).toEqual([
      'tile/invalid',
      'features[0].wells',
      'tile "T/inn": features[0].wells: unknown field for a road (declared attributes: tunnel)',
    ]);
    expect(refusal([inn], WITH_ROADSIDE)).toBe('accepted');
    const signpost = { ...straight('T/sign'), symbols: ['garden', 'signpost'] };
    expect(refusal([signpost])).toEqual([
      'tile/invalid',
      'symbols[1]',
      'tile "T/sign": symbols[1]: unknown symbol "signpost" (declared: garden, vineyard, hill, sheep, cropCircle, waterTower, volcano, dragon, portal)',
    ]);
    expect(refusal([signpost], WITH_ROADSIDE)).toBe('accepted');
    // Declared for roads only; of its type; within its range.
    const onField = {
      id: 'T/f',
      features: [{ kind: 'field', halves: 'NL NR EL ER SL SR WL WR', wells: 1 }],
    };
    expect(refusal([onField], WITH_ROADSIDE)).toEqual([
      'tile/invalid',
      'features[0].wells',
      'tile "T/f": features[0].wells: unknown field for a field (no attribute is declared for it)',
    ]);
    expect(refusal([straight('T/w', { wells: true })], WITH_ROADSIDE)).toEqual([
      'tile/invalid',
      'features[0].wells',
      'tile "T/w": features[0].wells: must be an integer from 0 to 9',
    ]);
    expect(refusal([straight('T/m', { milestone: 21 })], WITH_ROADSIDE)[1]).toBe('features[0].milestone');
    expect(refusal([straight('T/t', { tunnel: 1 })])).toEqual([
      'tile/invalid',
      'features[0].tunnel',
      'tile "T/t": features[0].tunnel: must be true or false',
    ]);
    // A game's own extra tiles are read with the same schema.
    const g = createGame({ players: 2, seed: 1, tiles: [inn] });
    expect(g.ok ? 'accepted' : [g.error.code, g.error.path]).toEqual(['tile/invalid', 'tiles']);
    expect(createGame({ players: 2, seed: 1, tiles: [inn] }, WITH_ROADSIDE).ok).toBe(true);
  });

  test('the registry refuses a declaration twice, a structural name, or a merge rule unfit for its type', () => {
    const withAttr = (a: Partial<FeatureAttributeSpec>) =>
      BUILTIN.with({ ...ROADSIDE, featureAttributes: [{ ...WELLS, ...a }] });
    expect(() => withAttr({ name: 'princess' })).toThrow(
      'registry: feature attribute "princess" declared by princess-and-dragon and roadside',
    );
    expect(() => withAttr({ name: 'edges' })).toThrow(/"edges" is a structural key/);
    expect(() => withAttr({ type: 'flag' })).toThrow(
      'registry: roadside: a flag attribute cannot merge by sum',
    );
    expect(() => withAttr({ name: 'constructor' })).toThrow(/must be a name of letters and digits/);
    expect(() => BUILTIN.with({ ...ROADSIDE, symbols: [{ name: 'dragon', doc: '' }] })).toThrow(
      'registry: tile symbol "dragon" declared by princess-and-dragon and roadside',
    );
  });

  test('definitions keep only the attributes set, so the built-in tiles hash as before', () => {
    const cat = WITH_ROADSIDE.catalog();
    expect(cat.defs.some((d) => d.features.some((f) => f.attributes !== undefined && d.id[0] !== 'R'))).toBe(
      false,
    );
    const w2 = cat.kindOf('RS/W2')!;
    expect(cat.def(w2).features[0].attributes).toEqual({ wells: 2, milestone: 7, paved: 1 });
    expect(cat.attribute(w2, 0, cat.attributeIndex('wells'))).toBe(2);
    expect(cat.attribute(w2, 1, cat.attributeIndex('wells'))).toBe(0);
    expect(cat.hasSymbol(w2, 'signpost')).toBe(true);
    expect(cat.hasSymbol(cat.kindOf('RS/W1')!, 'signpost')).toBe(false);
    expect(cat.attributeIndex('inn')).toBe(-1);
    // The core's own three are attributes too, read from their fields.
    const pd = cat.kindOf('DG/CRcr.d')!;
    const tunnel = cat.def(pd).features.findIndex((f) => f.tunnel);
    expect(cat.attribute(pd, tunnel, cat.attributeIndex('tunnel'))).toBe(1);
  });

  test('joined features merge each attribute by its rule: sum, max, or', () => {
    const g = unwrap(
      createGame(
        { players: 2, seed: 1, expansions: ['roadside'], draws: ['RS/W2', 'RS/W1', 'BA/L'] },
        WITH_ROADSIDE,
      ),
    );
    const play = (action: Parameters<Game['encode']>[0]) => g.play(unwrap(g.encode(action)));
    play({ type: 'place', x: 1, y: 0, rotation: 0 });
    play({ type: 'pass' });
    play({ type: 'place', x: 2, y: 0, rotation: 0 });
    play({ type: 'pass' });
    const { graph, board, catalog } = g.state;
    const road = graph.find(board.slotSeg[board.slotCount - 1]); // the road of the tile just placed
    expect(graph.kind[road]).toBe(K_ROAD);
    expect(graph.size[road]).toBe(3); // the start tile's road, RS/W2's and RS/W1's
    expect(graph.attribute(road, catalog.attributeIndex('wells'))).toBe(3);
    expect(graph.attribute(road, catalog.attributeIndex('milestone'))).toBe(12);
    expect(graph.attribute(road, catalog.attributeIndex('paved'))).toBe(1);
    // A field of the start tile carries none of them.
    expect(graph.attribute(graph.find(2), catalog.attributeIndex('wells'))).toBe(0);
  });

  test('pennants, declared by the base game, merge by sum as the feature graph counts them', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const g = unwrap(createGame({ players: 3, seed, expansions: [...BUILTIN.ids] }));
      const buf = new Int32Array(g.maxMoves);
      while (!g.isOver) {
        g.play(buf[(seed * 7 + g.state.board.slotCount) % g.legalMoves(buf)]);
        const { graph, catalog } = g.state;
        const pennants = catalog.attributeIndex('pennants');
        for (let s = 0; s < graph.count; s++) {
          if (graph.parent[s] !== s || graph.kind[s] !== K_CITY) continue;
          expect(graph.attribute(s, pennants)).toBe(graph.pennants[s]);
        }
      }
    }
  });
});
