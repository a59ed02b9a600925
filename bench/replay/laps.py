#!/usr/bin/env python3
"""A walk round and round (or to and fro) near a park, as a CSV track for `homeward replay`.

Usage: python3 bench/replay/laps.py lap|pace LENGTH_M SEED [MINUTES] > track.csv
  lap:  laps of LENGTH_M metres round a circle at 1.05 m/s, a fix every 5 s, 4 m of noise, 12 m accuracy,
        after walking in from 200 m south;
  pace: back and forth along a corridor of LENGTH_M / 2 metres, the same way.
Prints on stderr the Unix time the laps (or the pacing) began.
"""
import math, random, sys
# usage: gen.py kind lap_m seed [walk_in_minutes]
kind=sys.argv[1]; L=float(sys.argv[2]); seed=int(sys.argv[3])
random.seed(seed)
lat0, lon0 = 51.5246, -0.1340  # park, 2 km from home
home = (51.5076, -0.1278)
R=6371008.8
def off(n,e): return (lat0+math.degrees(n/R), lon0+math.degrees(e/(R*math.cos(math.radians(lat0)))))
t0=1780000000 + 17*3600  # some afternoon
speed=1.05
rows=[]
t=t0
# approach: 3 min walking straight in from 200 m south
for i in range(36):
    n=-200+ i*5*speed
    if n>-L/(2*math.pi): break
    la,lo=off(n+random.gauss(0,4),random.gauss(0,4)); rows.append((t,la,lo)); t+=5
start=t
dur=int(sys.argv[4])*60 if len(sys.argv)>4 else 13*60
if kind=="lap":
    r=L/(2*math.pi)
    while t-start<dur:
        a=-math.pi/2 + (t-start)*speed/r
        la,lo=off(r*math.sin(a)+random.gauss(0,4), r*math.cos(a)+random.gauss(0,4)); rows.append((t,la,lo)); t+=5
else: # pace back and forth along L/2 metre line
    half=L/2
    while t-start<dur:
        d=((t-start)*speed) % (2*half)
        x = d if d<half else 2*half-d
        la,lo=off(random.gauss(0,4), x-half/2+random.gauss(0,4)); rows.append((t,la,lo)); t+=5
print("t,lat,lon,accuracy")
for t,la,lo in rows: print(f"{t},{la:.7f},{lo:.7f},12")
print(start, file=sys.stderr)
