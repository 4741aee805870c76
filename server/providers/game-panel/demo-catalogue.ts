import type { PanelEgg } from './types';

// What the sandbox panel offers (and the test fake starts with): the eggs a game host runs, with
// the variables, rules, images and startup commands of the panel's own eggs (Minecraft's Paper,
// Forge and Fabric, FiveM, Garry's Mod), and two locations of one node each. A third location,
// `fail`, has a node whose installs always fail, to see the failure path.

export interface DemoNode {
  id: number;
  /** The location it stands in (Pterodactyl), and its tags (Pelican deploys by tag). */
  locationId: number;
  tags: string[];
  name: string;
  fqdn: string;
  ip: string;
  /** What players connect to: the allocations' alias. */
  alias: string;
  /** The node's allocations: these ports, on `ip`. */
  ports: { first: number; last: number };
}

export const DEMO_NESTS = [
  { id: 1, name: 'Minecraft' },
  { id: 2, name: 'Rockstar' },
  { id: 3, name: 'Source Engine' },
] as const;

export const DEMO_LOCATIONS = [
  { id: 1, short: 'gra', long: 'Gravelines' },
  { id: 2, short: 'rbx', long: 'Roubaix' },
  { id: 3, short: 'fail', long: 'Installs always fail (sandbox)' },
] as const;

/** The location short code (or node tag) whose installs fail. */
export const FAILING_LOCATION = 'fail';

const PORTS = { first: 25565, last: 25664 };

export const DEMO_NODES: DemoNode[] = [
  {
    id: 1,
    locationId: 1,
    tags: ['gra'],
    name: 'gra1',
    fqdn: 'gra1.play.example',
    ip: '51.178.64.10',
    alias: 'gra1.play.example',
    ports: PORTS,
  },
  {
    id: 2,
    locationId: 2,
    tags: ['rbx'],
    name: 'rbx1',
    fqdn: 'rbx1.play.example',
    ip: '51.210.32.20',
    alias: 'rbx1.play.example',
    ports: PORTS,
  },
  {
    id: 3,
    locationId: 3,
    tags: ['fail'],
    name: 'fail1',
    fqdn: 'fail1.play.example',
    ip: '51.210.99.30',
    alias: 'fail1.play.example',
    ports: PORTS,
  },
];

const JAR = 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/';
const JAVA_IMAGES = {
  'Java 21': 'ghcr.io/pterodactyl/yolks:java_21',
  'Java 17': 'ghcr.io/pterodactyl/yolks:java_17',
  'Java 11': 'ghcr.io/pterodactyl/yolks:java_11',
};
const JAVA_STARTUP = 'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true -jar {{SERVER_JARFILE}}';

const variable = (envVariable: string, name: string, defaultValue: string, rules: string) => ({ envVariable, name, defaultValue, rules });

export const DEMO_EGGS: PanelEgg[] = [
  {
    id: 1,
    nest: 1,
    name: 'Paper',
    dockerImages: JAVA_IMAGES,
    startup: JAVA_STARTUP,
    variables: [
      variable('MINECRAFT_VERSION', 'Minecraft Version', 'latest', 'nullable|string|max:20'),
      variable('SERVER_JARFILE', 'Server Jar File', 'server.jar', JAR),
      variable('DL_PATH', 'Download Path', '', 'nullable|string'),
      variable('BUILD_NUMBER', 'Build Number', 'latest', 'required|string|max:20'),
    ],
  },
  {
    id: 2,
    nest: 1,
    name: 'Forge',
    dockerImages: JAVA_IMAGES,
    startup:
      'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true $( [[  ! -f unix_args.txt ]] && printf %s "-jar {{SERVER_JARFILE}}" || printf %s "@unix_args.txt" )',
    variables: [
      variable('SERVER_JARFILE', 'Server Jar File', 'server.jar', JAR),
      variable('MC_VERSION', 'Minecraft Version', 'latest', 'required|string|max:9'),
      variable('BUILD_TYPE', 'Build Type', 'recommended', 'required|string|in:recommended,latest'),
      variable('FORGE_VERSION', 'Forge Version', '', 'nullable|string|max:25'),
    ],
  },
  {
    id: 3,
    nest: 1,
    name: 'Fabric',
    dockerImages: JAVA_IMAGES,
    startup: JAVA_STARTUP,
    variables: [
      variable('SERVER_JARFILE', 'Server Jar File', 'server.jar', JAR),
      variable('MC_VERSION', 'Minecraft Version', 'latest', 'required|string|max:20'),
      variable('FABRIC_VERSION', 'Fabric Installer Version', 'latest', 'required|string|max:20'),
      variable('LOADER_VERSION', 'Loader Version', 'latest', 'required|string|max:20'),
    ],
  },
  {
    id: 4,
    nest: 2,
    name: 'FiveM',
    dockerImages: { Debian: 'ghcr.io/parkervcp/yolks:debian' },
    startup:
      '$(pwd)/alpine/opt/cfx-server/ld-musl-x86_64.so.1 --library-path "$(pwd)/alpine/usr/lib/v8/:$(pwd)/alpine/lib/:$(pwd)/alpine/usr/lib/" -- $(pwd)/alpine/opt/cfx-server/FXServer +set citizen_dir $(pwd)/alpine/opt/cfx-server/citizen/ +set sv_licenseKey {{FIVEM_LICENSE}} +set sv_maxplayers {{MAX_PLAYERS}} +set serverProfile default +set txAdminPort {{TXADMIN_PORT}} $( [ "$TXADMIN_ENABLE" == "1" ] || printf %s \'+exec server.cfg\' )',
    variables: [
      variable('FIVEM_LICENSE', 'FiveM License', '', 'required|string'),
      variable('MAX_PLAYERS', 'Max Players', '48', 'required|integer|between:1,48'),
      variable('SERVER_HOSTNAME', 'Server Name', 'My new FXServer!', 'required|string'),
      variable('FIVEM_VERSION', 'FiveM Version', 'recommended', 'required|string'),
      variable('TXADMIN_PORT', 'txAdmin Port', '40120', 'required|integer'),
      variable('TXADMIN_ENABLE', 'Enable txAdmin', '0', 'required|boolean'),
    ],
  },
  {
    id: 5,
    nest: 3,
    name: "Garry's Mod",
    dockerImages: { Source: 'ghcr.io/pterodactyl/games:source' },
    startup:
      './srcds_run -game garrysmod -console -port {{SERVER_PORT}} +ip 0.0.0.0 +host_workshop_collection {{WORKSHOP_ID}} +map {{SRCDS_MAP}} +gamemode {{GAMEMODE}} -strictportbind -norestart +sv_setsteamaccount {{STEAM_ACC}} +maxplayers {{MAX_PLAYERS}} -tickrate {{TICKRATE}}',
    variables: [
      variable('SRCDS_MAP', 'Default Map', 'gm_flatgrass', 'required|string|alpha_dash'),
      variable('STEAM_ACC', 'Steam Account Token', '', 'nullable|string|alpha_num|size:32'),
      variable('SRCDS_APPID', 'Source AppID', '4020', 'required|string|in:4020'),
      variable('WORKSHOP_ID', 'Workshop ID', '', 'nullable|integer'),
      variable('GAMEMODE', 'Gamemode', 'sandbox', 'required|string'),
      variable('MAX_PLAYERS', 'Max Players', '32', 'required|integer|max:128'),
      variable('TICKRATE', 'Tickrate', '22', 'required|integer|max:100'),
    ],
  },
];

/** Every variable of the egg at its default: what a product starts from. */
export function defaultEnvironment(egg: PanelEgg): Record<string, string> {
  return Object.fromEntries(egg.variables.map((v) => [v.envVariable, v.defaultValue]));
}
