"""A scripted CECP engine for XBoard tests: it plays fixed moves.

Used as XBoard's *first* engine, so that its ``setup`` reply (a position of
the test's choosing) becomes the start position of a game against the real
engine, which plays the other side and must find, send and accept the moves
under test.

    python scripted_engine.py CONFIG.json

CONFIG: ``variant`` (name), ``lines`` (the reply to ``variant NAME``:
``setup``/``piece`` lines), ``moves`` (the moves this engine plays, in
order), ``then`` (what it says when they run out, default ``resign``),
``log`` (optional file that records every line received).
"""
import json
import sys


def main() -> None:
    with open(sys.argv[1]) as f:
        conf = json.load(f)
    log = open(conf['log'], 'a') if conf.get('log') else None
    moves = list(conf['moves'])
    state = {'force': True, 'next': 0}

    def send(text):
        sys.stdout.write(text + '\n')
        sys.stdout.flush()

    def play():
        if state['next'] < len(moves):
            send('move ' + moves[state['next']])
            state['next'] += 1
        else:
            send(conf.get('then', 'resign'))

    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == 'protover':
            send(f'feature myname="scripted" variants="{conf["variant"]}" ping=1 setboard=1 '
                 'usermove=1 colors=0 sigint=0 sigterm=0 reuse=1 analyze=0 done=1')
        elif cmd == 'ping':
            send('pong ' + ' '.join(words[1:]))
        elif cmd == 'variant':
            for text in conf['lines']:
                send(text)
        elif cmd == 'new':
            state.update(force=False, next=0)
        elif cmd == 'force':
            state['force'] = True
        elif cmd == 'go':
            state['force'] = False
            play()
        elif cmd == 'usermove':
            if not state['force']:
                play()
        elif cmd == 'quit':
            break


if __name__ == '__main__':
    main()
