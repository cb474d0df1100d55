import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig, type Orm } from '../../shared/db/orm.ts';

/** A second ORM on a test database whose query log appends every statement sent to `statements`. */
export function ormLoggingStatements(databaseUrl: string, statements: string[], poolMax = 2): Promise<Orm> {
  return MikroORM.init({
    ...createOrmConfig({ databaseUrl, poolMax }),
    debug: ['query'],
    logger: (message: string) => statements.push(message),
  });
}
