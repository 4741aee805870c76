import type { OrderStatus } from '../constants';

// The client panel's VPS calls (spec §3 "VPS record", §7 "Client panel").

export const VPS_ACTIONS = ['start', 'stop', 'reboot'] as const;
export type VpsAction = (typeof VPS_ACTIONS)[number];

/** The machine's power as the cloud provider reports it; the *-ing states are transitions. */
export const POWER_STATUSES = ['running', 'stopped', 'starting', 'stopping', 'rebooting', 'unknown'] as const;
export type PowerStatus = (typeof POWER_STATUSES)[number];

export interface VpsInfoDto {
  ip: string;
  os: string;
  region: string;
  status: PowerStatus;
  plan: string;
  login: string;
  /** Decrypted for the owner only; null when none is stored. */
  password: string | null;
  specs: { ram: number; cores: number; storage: number; traffic: string }; // ram and storage in GB
}

/** One of the customer's servers (spec §3 "VPS record"). */
export interface VpsDto {
  vpsId: number;
  ovh_service_name: string;
  orderUuid: string;
  orderId: number;
  orderStatus: OrderStatus;
  created_at: string;
  started_at: string | null;
  expires_at: string | null;
  /** 'suspended' (unpaid renewal) refuses power actions. */
  state: 'assigned' | 'suspended';
  vps_info: VpsInfoDto;
}

export interface VpsListDto {
  vpsList: VpsDto[];
}

export interface VpsActionDto {
  vps: VpsDto;
}
