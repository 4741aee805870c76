// The files a freshly installed Minecraft (Paper) server holds: what the sandbox panel and the fake
// panel show before the customer changes anything. Real contents, so the editor has something true
// to edit (server.properties as Minecraft 1.21 writes it).

export interface StarterFile {
  /** Absolute inside the server root: "/logs/latest.log". */
  path: string;
  /** Absent for a directory. */
  content?: Buffer;
}

const text = (value: string) => Buffer.from(value, 'utf8');

function serverProperties(port: number, at: Date): string {
  return `#Minecraft server properties
#${at.toUTCString()}
accepts-transfers=false
allow-flight=false
allow-nether=true
broadcast-console-to-ops=true
broadcast-rcon-to-ops=true
difficulty=easy
enable-command-block=false
enable-jmx-monitoring=false
enable-query=false
enable-rcon=false
enable-status=true
enforce-secure-profile=true
enforce-whitelist=false
entity-broadcast-range-percentage=100
force-gamemode=false
function-permission-level=2
gamemode=survival
generate-structures=true
generator-settings={}
hardcore=false
hide-online-players=false
initial-disabled-packs=
initial-enabled-packs=vanilla
level-name=world
level-seed=
level-type=minecraft\\:normal
log-ips=true
max-chained-neighbor-updates=1000000
max-players=20
max-tick-time=60000
max-world-size=29999984
motd=A Minecraft Server
network-compression-threshold=256
online-mode=true
op-permission-level=4
player-idle-timeout=0
prevent-proxy-connections=false
pvp=true
query.port=${port}
rate-limit=0
rcon.password=
rcon.port=25575
region-file-compression=deflate
require-resource-pack=false
resource-pack=
resource-pack-id=
resource-pack-prompt=
resource-pack-sha1=
server-ip=0.0.0.0
server-port=${port}
simulation-distance=10
spawn-protection=16
sync-chunk-writes=true
text-filtering-config=
use-native-transport=true
view-distance=10
white-list=false
`;
}

function latestLog(port: number): string {
  return `[10:00:01 INFO]: Environment: Environment[sessionHost=https://sessionserver.mojang.com, servicesHost=https://api.minecraftservices.com, name=PROD]
[10:00:03 INFO]: Loaded 1290 recipes
[10:00:03 INFO]: Loaded 1399 advancements
[10:00:04 INFO]: Starting minecraft server version 1.21.4
[10:00:04 INFO]: Loading properties
[10:00:04 INFO]: This server is running Paper version 1.21.4-232 (MC: 1.21.4)
[10:00:04 INFO]: Server Ping Player Sample Count: 12
[10:00:04 INFO]: Using 4 threads for Netty based IO
[10:00:05 INFO]: Default game type: SURVIVAL
[10:00:05 INFO]: Generating keypair
[10:00:05 INFO]: Starting Minecraft server on 0.0.0.0:${port}
[10:00:05 INFO]: Using epoll channel type
[10:00:05 INFO]: Preparing level "world"
[10:00:09 INFO]: Preparing spawn area: 100%
[10:00:09 INFO]: Done preparing level "world" (4.113s)
[10:00:09 INFO]: Running delayed init tasks
[10:00:09 INFO]: Done (8.402s)! For help, type "help"
`;
}

const EULA = `#By changing the setting below to TRUE you are indicating your agreement to our EULA (https://aka.ms/MinecraftEULA).
#Sun Nov 29 10:00:00 UTC 2026
eula=true
`;

const BSTATS = `# bStats (https://bStats.org) collects some basic information for plugin authors, like
# how many people use their plugin and their total player count. It's recommended to keep bStats
# enabled, but if you're not comfortable with this, you can turn this setting off. There is no
# performance penalty associated with having metrics enabled, and data sent to bStats is fully
# anonymous.
enabled: true
serverUuid: 6f1c0a52-5d0e-4c4f-9a7e-2b1d7c3e9f10
logFailedRequests: false
logSentData: false
logResponseStatusText: false
`;

/** The server root's tree: directories first where a listing needs them. */
export function minecraftStarterFiles(port: number, at: Date): StarterFile[] {
  return [
    { path: '/logs' },
    { path: '/plugins' },
    { path: '/plugins/bStats' },
    { path: '/world' },
    { path: '/server.properties', content: text(serverProperties(port, at)) },
    { path: '/eula.txt', content: text(EULA) },
    { path: '/ops.json', content: text('[]\n') },
    { path: '/whitelist.json', content: text('[]\n') },
    { path: '/banned-players.json', content: text('[]\n') },
    { path: '/logs/latest.log', content: text(latestLog(port)) },
    { path: '/plugins/bStats/config.yml', content: text(BSTATS) },
    // A world's level.dat is gzipped NBT: bytes, not text (a download, never the editor).
    {
      path: '/world/level.dat',
      content: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xe3, 0x60, 0x00, 0x00, 0x00, 0x00]),
    },
  ];
}

/** What the node's file listing says a file is (wings detects it; by its name is close enough here). */
export function mimetypeOf(name: string, isFile: boolean): string {
  if (!isFile) return 'inode/directory';
  if (/\.json$/i.test(name)) return 'application/json';
  if (/\.(ya?ml)$/i.test(name)) return 'application/x-yaml';
  if (/\.(properties|txt|log|cfg|conf|toml|ini|sh|md)$/i.test(name)) return 'text/plain; charset=utf-8';
  if (/\.(gz|dat)$/i.test(name)) return 'application/gzip';
  if (/\.(jar|zip)$/i.test(name)) return 'application/zip';
  return 'application/octet-stream';
}
