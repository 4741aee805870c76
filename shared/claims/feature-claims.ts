/**
 * Every feature claim the shop's texts make, and what backs it (issue 34). A text that names one
 * of these features in any language must be listed here; shared/claims/feature-claims.test.ts
 * reads every locale text and every demo product, and fails on a mention nobody backs.
 *
 * Features the shop does not offer yet (FTP, a live console, one-click installs, usage graphs: the
 * client panel will have them from another issue) may only be named to say so
 * (`denial`) or as a staff setting that does not reach customers (`staffSetting`). Once the panel
 * does one, its texts say exactly what it does and list the code that does it here (`code`).
 */

/** The words of each feature, in French, Dutch, English and Polish. */
export const FEATURE_WORDS = {
  ftp: /\bs?ftp\b/i,
  console: /\bconsol[ea]s?\b|\bkonsol[aię]?\b/i,
  backups: /sauvegard|\bbackups?\b|back-ups?|geback-upt|kopi\w* zapasow/i,
  oneClick: /en un clic|one[- ]click|in one click|met één klik|jednym klik/i,
  usageGraphs: /graphique (de|du) |charge processeur|cpu[- ]?(load|graph|grafiek)|processorbelasting|obciążeni\w* procesora|wykres/i,
  nvme: /\bnvme\b/i,
  liveStock: /temps réel|real[- ]time|live stock|realtime|czasie rzeczywistym/i,
} as const;
export type FeatureWord = keyof typeof FEATURE_WORDS;

/** Features the client panel does not have yet: named only in a denial or a staff setting. */
export const NOT_OFFERED_YET: readonly FeatureWord[] = ['oneClick'];

export type Backing =
  /** The code that makes the claim true (a file of the repository). */
  | { code: string; why: string }
  /** The text says the shop does not do it (yet), or that the customer must do it. */
  | { denial: string }
  /** A back-office label for a setting of the game panel; no customer reads it as a promise. */
  | { staffSetting: string };

export interface FeatureClaim {
  /** The locale key, the same in the four languages. */
  key: string;
  words: readonly FeatureWord[];
  backedBy: Backing;
}

/** A game server's backups in the panel (issue 33): list, take, restore, download, delete, within the offer's limit. */
const GAME_BACKUPS = {
  code: 'server/modules/services/game-backups/game-backups.service.ts',
  why: "a game server's backups through the panel, within its offer's limit (featureLimits.backups), audited in its history",
};

/** The nightly backup: set at delivery for every offer with a backup limit of 1 or more. */
const DAILY_BACKUP = {
  code: 'server/modules/services/delivery/game-server.provisioner.ts',
  why: "an offer with featureLimits.backups >= 1 gets the panel's daily schedule with a backup task at delivery; customers take, download and restore theirs in the panel (game-backups.service.ts)",
};

/** A game server's live console in the panel (issue 33): the node's socket relayed on our origin. */
const GAME_CONSOLE = {
  code: 'server/modules/services/game/console-socket.ts',
  why: "the panel's console relays the game node's output and the customer's commands over a WebSocket on the shop's origin",
};

/** A game server's SFTP access and files in the panel (issue 33). */
const GAME_SFTP = {
  code: 'server/modules/services/game-files/game-files.service.ts',
  why: "the panel shows the node's SFTP address and user, sets the SFTP password, and lists, edits, downloads and uploads files",
};

/** A VPS's console: OVH's browser console handed to the owner (a simulated one in the sandbox). */
const VPS_CONSOLE = {
  code: 'server/modules/services/vps-tools/vps-console.service.ts',
  why: "the panel opens OVH's browser console of the customer's VPS (getConsoleUrl)",
};

/** A VPS's usage graphs: OVH's monitoring over 24 h, 7 days and 30 days. */
const VPS_GRAPHS = {
  code: 'server/modules/services/vps-tools/metrics.service.ts',
  why: "the panel draws CPU, memory and network from OVH's monitoring of the customer's VPS",
};

const PANEL_FEATURE_TEXTS: [readonly string[], FeatureWord, Backing][] = [
  [
    [
      'panel.console.connection.label',
      'panel.console.errors.panel_client_key_missing',
      'panel.console.errors.consoles_limit',
      'panel.console.errors.too_many_messages',
      'panel.console.intro',
      'panel.console.loading',
      'panel.console.terminalLabel',
      'panel.console.title',
    ],
    'console',
    GAME_CONSOLE,
  ],
  [
    [
      'panel.files.editor.tooLarge',
      'panel.files.intro',
      'panel.files.sftp.copyHost',
      'panel.files.sftp.copyPassword',
      'panel.files.sftp.copyUsername',
      'panel.files.sftp.done',
      'panel.files.sftp.failed',
      'panel.files.sftp.intro',
      'panel.files.sftp.loading',
      'panel.files.sftp.passwordTitle',
      'panel.files.sftp.title',
      'panel.files.upload.tooLarge',
      'services.events.sftp_password_reset',
    ],
    'ftp',
    GAME_SFTP,
  ],
  [
    [
      'panel.vpsTools.console.link',
      'panel.vpsTools.console.open',
      'panel.vpsTools.console.opened',
      'panel.vpsTools.console.sandbox',
      'panel.vpsTools.console.title',
      'panel.vpsTools.sandboxConsole.banner',
      'panel.vpsTools.sandboxConsole.explain',
      'panel.vpsTools.sandboxConsole.title',
      'services.events.console_opened',
    ],
    'console',
    VPS_CONSOLE,
  ],
  [['panel.vpsTools.metrics.failed', 'panel.vpsTools.metrics.loading', 'panel.vpsTools.metrics.title'], 'usageGraphs', VPS_GRAPHS],
];

/** The texts of the panel's backups section and of the history's backup events. */
const PANEL_BACKUP_TEXTS = [
  'panel.backups.title',
  'panel.backups.countLabel',
  'panel.backups.create',
  'panel.backups.created',
  'panel.backups.deleteConfirm',
  'panel.backups.deleted',
  'panel.backups.empty',
  'panel.backups.errors.backup_busy',
  'panel.backups.errors.backup_limit_reached',
  'panel.backups.errors.backup_not_ready',
  'panel.backups.errors.service_suspended',
  'panel.backups.failed',
  'panel.backups.limitReached',
  'panel.backups.loading',
  'panel.backups.name',
  'panel.backups.notIncluded',
  'panel.backups.restoreConfirm',
  'services.events.backup_created',
  'services.events.backup_deleted',
  'services.events.backup_restored',
];

const STORAGE_CLAIM = {
  code: 'shared/catalog/storage-types.ts',
  why: "storageClaim(catalogue) picks this text: 'NVMe on every offer' only when every offer's storage_type is NVMe",
};

export const FEATURE_CLAIMS: readonly FeatureClaim[] = [
  { key: 'home.features.storage.nvme.title', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'home.features.storage.nvme.text', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'home.features.storage.flash.title', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'home.features.storage.flash.text', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'home.features.storage.mixed.text', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'hosting.features.performance.nvme', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'staff.product.storageTypeHint', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'hosting.features.performance.flash', words: ['nvme'], backedBy: STORAGE_CLAIM },
  { key: 'hosting.features.performance.mixed', words: ['nvme'], backedBy: STORAGE_CLAIM },
  {
    key: 'hosting.tiers.premium.text',
    words: ['nvme'],
    backedBy: {
      code: 'shared/catalog/hosting-tiers.ts',
      why: 'the Premium tier is the vps-premium product, whose storage_type is NVMe (checked in the test)',
    },
  },
  {
    key: 'shop.themes.linux',
    words: ['nvme'],
    backedBy: { code: 'seeds/catalog.ts', why: 'the Classique Linux category has SSD and NVMe offers (checked in the test)' },
  },
  {
    key: 'seo.shop.description',
    words: ['liveStock'],
    backedBy: {
      code: 'server/modules/catalog/deliverable-stock.ts',
      why: 'the shop shows the stock that can still be sold, read again every few seconds',
    },
  },
  { key: 'home.faq.items.backups.question', words: ['backups'], backedBy: DAILY_BACKUP },
  { key: 'home.faq.items.backups.answer', words: ['backups'], backedBy: DAILY_BACKUP },
  { key: 'panel.backups.daily', words: ['backups'], backedBy: DAILY_BACKUP },
  ...PANEL_BACKUP_TEXTS.map((key): FeatureClaim => ({ key, words: ['backups'], backedBy: GAME_BACKUPS })),
  ...PANEL_FEATURE_TEXTS.flatMap(([keys, word, backedBy]) => keys.map((key): FeatureClaim => ({ key, words: [word], backedBy }))),
  {
    key: 'legal.terms.sections.termination.body',
    words: ['backups'],
    backedBy: { denial: 'the customer is responsible for their backups' },
  },
  {
    key: 'legal.terms.sections.liability.body',
    words: ['backups'],
    backedBy: { denial: 'data the customer did not back up is not covered' },
  },
  {
    key: 'staff.delivery.panel.feature.backups',
    words: ['backups'],
    backedBy: { staffSetting: "the game panel's backup limit of a product (featureLimits.backups, shared/schemas/delivery-settings.ts)" },
  },
];
