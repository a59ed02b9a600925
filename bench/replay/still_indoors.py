#!/usr/bin/env python3
"""A phone lying still indoors for three hours, as a CSV track for `homeward replay`: multipath drags
its fixes about (an AR(1) offset with 35 m steps, at most 150 m) at a reported accuracy drawn from
ACC_LOW..ACC_HIGH, a fix every 5-45 s.

Usage: python3 bench/replay/still_indoors.py SEED ACC_LOW ACC_HIGH RHO > track.csv
"""
import math, random, sys
seed=int(sys.argv[1]); random.seed(seed)
lat0, lon0 = 51.5246, -0.1340
R=6371008.8
def off(n,e): return (lat0+math.degrees(n/R), lon0+math.degrees(e/(R*math.cos(math.radians(lat0)))))
t=1780000000+14*3600
print("t,lat,lon,accuracy")
# sitting still indoors for 3 hours; fixes every 10-60 s; jitter 50-150 m, drifting (correlated) like urban multipath
x=y=0.0
for i in range(3*3600//20):
    # correlated drift: AR(1) wandering offset around the true spot
    x = float(sys.argv[4])*x + random.gauss(0,35); y = float(sys.argv[4])*y + random.gauss(0,35)
    d=math.hypot(x,y)
    if d>150: x*=150/d; y*=150/d
    la,lo=off(y,x)
    acc=random.uniform(float(sys.argv[2]),float(sys.argv[3]))
    print(f"{t},{la:.7f},{lo:.7f},{acc:.0f}")
    t+=random.choice([5,10,15,20,30,45])
