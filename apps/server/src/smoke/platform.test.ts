// The platform smoke (test-platform.ts) on the server's own database: PGlite (server-embedded), PostgreSQL (server).
import { platformSmoke } from './test-platform';

platformSmoke();
