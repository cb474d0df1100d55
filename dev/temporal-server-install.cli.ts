import { installTemporalServer } from './temporal-server-install.ts';
import { runToolInstall } from './tool-install-cli.ts';

// `npm run temporal-server:install`: builds the Temporal server and its SQL schema tool into the tool cache (BENCH_TEMPORAL=server, the scale-out test).
await runToolInstall(async (context) => {
  const install = await installTemporalServer(context);
  return [install.server, install.sqlTool];
});
