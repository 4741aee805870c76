import { describe, expect, it } from 'vitest';
import { pterodactylSettingsSchema } from '../../../../shared/schemas/delivery-settings';
import type { PanelCatalogue } from '../../../providers/game-panel/types';
import { panelSettingsErrors } from './panel-settings-check';

// A literal catalogue (unit level only: the API tests read the sandbox panel's own).
const CATALOGUE: PanelCatalogue = {
  flavour: 'pterodactyl',
  nests: [
    { id: 1, name: 'Minecraft' },
    { id: 2, name: 'Rockstar' },
  ],
  eggs: [
    {
      id: 1,
      nest: 1,
      name: 'Paper',
      dockerImages: { 'Java 21': 'ghcr.io/pterodactyl/yolks:java_21' },
      startup: 'java -jar {{SERVER_JARFILE}}',
      variables: [
        {
          envVariable: 'SERVER_JARFILE',
          name: 'Server Jar File',
          defaultValue: 'server.jar',
          rules: 'required|string|regex:/^([\\w\\d._-]+)(\\.jar)$/',
        },
        { envVariable: 'DL_PATH', name: 'Download Path', defaultValue: '', rules: 'nullable|string' },
      ],
    },
    {
      id: 2,
      nest: 1,
      name: 'Forge',
      dockerImages: { 'Java 17': 'ghcr.io/pterodactyl/yolks:java_17' },
      startup: 'java @unix_args.txt',
      variables: [{ envVariable: 'MC_VERSION', name: 'Minecraft Version', defaultValue: 'latest', rules: 'required|string|max:9' }],
    },
    { id: 4, nest: 2, name: 'FiveM', dockerImages: { Debian: 'ghcr.io/parkervcp/yolks:debian' }, startup: './run.sh', variables: [] },
  ],
  locations: [{ id: 1, short: 'gra', long: 'Gravelines' }],
  tags: ['gra'],
};

const settings = (overrides: Record<string, unknown> = {}) =>
  pterodactylSettingsSchema.parse({
    nest: 1,
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -jar {{SERVER_JARFILE}}',
    environment: { SERVER_JARFILE: 'server.jar' },
    limits: { memory: 4096, disk: 40960, cpu: 200 },
    featureLimits: {},
    locations: [1],
    ...overrides,
  });

describe('Pterodactyl settings read against the panel', () => {
  it('takes settings the panel would take (an optional variable may stay empty)', () => {
    expect(panelSettingsErrors(CATALOGUE, settings(), [])).toEqual({});
  });

  it('names each field the panel would refuse', () => {
    expect(Object.keys(panelSettingsErrors(CATALOGUE, settings({ egg: 9 }), []))).toEqual(['delivery.pterodactyl.egg']);
    expect(Object.keys(panelSettingsErrors(CATALOGUE, settings({ nest: 2 }), []))).toEqual(['delivery.pterodactyl.egg']);
    expect(Object.keys(panelSettingsErrors(CATALOGUE, settings({ nest: 7 }), []))).toEqual(['delivery.pterodactyl.nest']);
    expect(Object.keys(panelSettingsErrors(CATALOGUE, settings({ dockerImage: 'debian:12' }), []))).toEqual([
      'delivery.pterodactyl.dockerImage',
    ]);
    expect(Object.keys(panelSettingsErrors(CATALOGUE, settings({ environment: { SERVER_JARFILE: ' ' } }), []))).toEqual([
      'delivery.pterodactyl.environment.SERVER_JARFILE',
    ]);
    expect(panelSettingsErrors(CATALOGUE, settings({ locations: [1, 5] }), [])).toEqual({
      'delivery.pterodactyl.locations': ['Emplacement inconnu du panel : 5.'],
    });
    expect(Object.keys(panelSettingsErrors(CATALOGUE, settings({ locations: [], tags: ['gra'] }), []))).toEqual([
      'delivery.pterodactyl.tags',
      'delivery.pterodactyl.locations',
    ]);
  });

  it('reads every variable by the egg’s own rules, as the panel does', () => {
    expect(panelSettingsErrors(CATALOGUE, settings({ environment: { SERVER_JARFILE: 'server.zip' } }), [])).toEqual({
      'delivery.pterodactyl.environment.SERVER_JARFILE': [
        'Le panel refuserait la variable « Server Jar File » : The Server Jar File variable format is invalid.',
      ],
    });
  });

  it('reads each variant as the panel will get it: its egg and variables over the product’s', () => {
    const forge = { id: 'forge', name: 'Forge', egg: 2, dockerImage: 'ghcr.io/pterodactyl/yolks:java_17', environment: {} };
    expect(Object.keys(panelSettingsErrors(CATALOGUE, settings(), [forge]))).toEqual(['variants.0.environment.MC_VERSION']);
    expect(panelSettingsErrors(CATALOGUE, settings(), [{ ...forge, environment: { MC_VERSION: '1.20.1' } }])).toEqual({});
    expect(
      Object.keys(panelSettingsErrors(CATALOGUE, settings(), [{ ...forge, dockerImage: undefined, environment: { MC_VERSION: '1' } }])),
    ).toEqual(['variants.0.dockerImage']);
  });

  it('asks Pelican for node tags instead of locations', () => {
    const pelican: PanelCatalogue = { ...CATALOGUE, flavour: 'pelican', nests: [] };
    expect(panelSettingsErrors(pelican, settings({ nest: undefined, locations: [], tags: ['gra'] }), [])).toEqual({});
    expect(Object.keys(panelSettingsErrors(pelican, settings({ nest: undefined, locations: [], tags: ['bhs'] }), []))).toEqual([
      'delivery.pterodactyl.tags',
    ]);
  });
});
