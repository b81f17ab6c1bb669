import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { MailService } from '../mail/service';
import type { SafeguardingService } from '../safeguarding/service';

export interface ResponsesDeps {
  db: Db;
  mail: MailService;
  safeguarding: SafeguardingService;
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'dataDir' | 'nodeEnv' | 'respond'>;
  /** Shared counters for bursts of held answers when REDIS_URL is set (lib/redis.ts). */
  redis?: Redis | undefined;
  /** This app's events: stored answers are announced (results folds them), closed surveys heard. */
  events: EventBus;
}
