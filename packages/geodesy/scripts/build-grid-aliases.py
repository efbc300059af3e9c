#!/usr/bin/python3
"""Writes assets/grid-aliases.json: for every grid the CRS catalogue names (PROJ's old names, e.g. BETA2007.gsb,
AUSGeoid09_V1.01.gtx), the name PROJ-data ships it under today (de_adv_BETA2007.tif, au_ga_AUSGeoid09_V1.01.tif), from
proj.db's grid_alternatives. Run after build-crs-catalogue.py: /usr/bin/python3 scripts/build-grid-aliases.py"""
import gzip, json, os, sqlite3

here = os.path.dirname(os.path.abspath(__file__))
assets = os.path.join(here, '..', 'assets')
cat = json.loads(gzip.open(os.path.join(assets, 'crs-catalogue.json.gz')).read())
grids = {c['grid'] for c in cat['crs'] if c.get('grid')} | {v['grid'] for v in cat['vertical']}
db = sqlite3.connect('/usr/share/proj/proj.db')
aliases = {}
for original, old, new in db.execute('SELECT original_grid_name, old_proj_grid_name, proj_grid_name FROM grid_alternatives'):
    for name in (original, old):
        if name in grids and new and new != name:
            aliases[name] = new
with open(os.path.join(assets, 'grid-aliases.json'), 'w') as f:
    json.dump(dict(sorted(aliases.items())), f, indent=0)
    f.write('\n')
print(len(aliases), 'aliases of', len(grids), 'grids')
