import time, sys, threading, distributed
t=time.time()
res={}
def go():
    try: res["c"]=distributed.Client(sys.argv[1], timeout="3s")
    except BaseException as e: res["e"]=e
th=threading.Thread(target=go, daemon=True); th.start(); th.join(5)
print("alive", th.is_alive(), res, time.time()-t, flush=True)
