/**
 * Cluster mode: how many rooms a host has live on every node (limits.liveRoomsPerIdentity), read
 * from the leases (lease-store.ts liveRoomsHostedBy). When that read fails, this node counts its
 * own rather than refusing every host: the limit is briefly per node, as before clustering. The
 * log says so once per outage, not once per room.
 */
export interface LiveRoomsDeps {
  /** Across the cluster, from the database's leases. */
  countInCluster(avaId: string): Promise<number>;
  /** On this node only (rooms/registry.ts). */
  countHere(avaId: string): number;
  log(level: 'warn', message: string, extra?: object): void;
}

export function liveRoomsAcrossCluster(deps: LiveRoomsDeps): (avaId: string) => Promise<number> {
  let warned = false;
  return async (avaId) => {
    try {
      const live = await deps.countInCluster(avaId);
      warned = false;
      return live;
    } catch (error) {
      if (!warned)
        deps.log('warn', 'could not count live conversations across the cluster; this node counts its own', {
          error: (error as Error).message,
        });
      warned = true;
      return deps.countHere(avaId);
    }
  };
}
