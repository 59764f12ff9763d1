/**
 * What the cluster feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { LocalSocketGauge } from './address-sockets';
export type { SocketGauge } from './address-sockets';
export { loadClusterConfig } from './config';
export type { ClusterConfig } from './config';
export { registerForwarding } from './http-forward';
export { ownerWorkOf, registryInCluster, roomLookupsOf } from './late-services';
export type { LateServices } from './late-services';
export { liveRoomsHostedBy } from './lease-store';
export { liveRoomsAcrossCluster } from './live-rooms';
export { ClusterNode } from './node';
export { limiterFor } from './shared-limits';
