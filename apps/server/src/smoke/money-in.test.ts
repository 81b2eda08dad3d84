// The money-in smoke (test-money-in.ts) on the server's own database: PGlite (server-embedded), PostgreSQL (server).
import { moneyInSmoke } from './test-money-in';

moneyInSmoke();
