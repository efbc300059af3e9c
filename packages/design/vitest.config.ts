import { defineConfig } from 'vitest/config';

// the reference tools (cs2cs, proj, ogr2ogr, python3 ezdxf) and the 100,000-row files are slow on a shared host
export default defineConfig({ test: { testTimeout: 120_000 } });
