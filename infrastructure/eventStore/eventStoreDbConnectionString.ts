/**
 * KurrentDB (EventStoreDB renamed) documents `kurrentdb://` connection strings; the
 * @eventstore/db-client this adapter uses parses only `esdb://`. The servers speak the same
 * gRPC protocol, so only the scheme is translated; everything after it (hosts, `tls`,
 * credentials, node preference) is passed on untouched.
 */
const SCHEMES: Record<string, string> = {
  'kurrentdb:': 'esdb:',
  'kurrentdb+discover:': 'esdb+discover:',
  'kurrent:': 'esdb:',
  'kurrent+discover:': 'esdb+discover:',
};

export function esdbConnectionString(url: string): string {
  const colon = url.indexOf(':');
  const scheme = colon < 0 ? '' : url.slice(0, colon + 1).toLowerCase();
  const esdb = SCHEMES[scheme];
  return esdb ? esdb + url.slice(colon + 1) : url;
}
