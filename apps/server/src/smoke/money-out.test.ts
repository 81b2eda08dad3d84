// The money-out smoke (test-money-out.ts) on the server's own database: PGlite (server-embedded), PostgreSQL (server).
import { moneyOutSmoke } from './test-money-out';

moneyOutSmoke();
