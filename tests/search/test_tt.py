"""The transposition table (search/tt.py): entries, replacement, layout."""
from search.tt import EXACT, LOWER, UPPER, TranspositionTable, entry_move, score_from_tt, score_to_tt

MB = 1                       # 65,536 slots: the mask keeps bits 1..15 of a key


def pair(key: int) -> int:
    """The index of the first word of the slot pair of ``key``."""
    return 2 * (key & ((1 << 16) - 2))


def test_an_entry_comes_back_as_stored():
    tt = TranspositionTable(MB)
    tt.store(0xABCDEF12345, 1234, 7, LOWER, -321)
    assert tt.probe(0xABCDEF12345) == (1234, 7, LOWER, -321)
    assert tt.probe(0xABCDEF12345 ^ (1 << 40)) is None       # same slots, another key
    assert tt.probe(0xABCDEF12344) is None


def test_the_data_word_and_the_key_word_stand_side_by_side():
    """Slot k is words 2k (data) and 2k + 1 (key ^ data): the two slots of a
    position, four words, share one cache line."""
    tt = TranspositionTable(MB)
    key = 0x5A5A_0000_1234_5678
    tt.store(key, 99, 3, EXACT, 10)
    i = pair(key)
    assert i % 4 == 0
    data = tt.table[i]
    assert entry_move(data) == 99 and tt.table[i + 1] ^ data == key
    assert not any(tt.table[j] for j in range(len(tt.table)) if j not in (i, i + 1))


def test_a_torn_entry_is_a_miss():
    tt = TranspositionTable(MB)
    key = 0x1111_2222_3333_4444
    tt.store(key, 5, 4, EXACT, 0)
    tt.table[pair(key)] ^= 1 << 30              # a write of another thread half done
    assert tt.probe(key) is None


def test_two_positions_of_one_slot_pair_are_both_kept_and_the_less_worthy_goes():
    tt = TranspositionTable(MB)
    a, b, c = (1 << 20) | 6, (2 << 20) | 6, (3 << 20) | 6     # one slot pair
    assert pair(a) == pair(b) == pair(c)
    tt.store(a, 1, 9, EXACT, 1)
    tt.store(b, 2, 3, EXACT, 2)
    assert tt.probe(a) == (1, 9, EXACT, 1) and tt.probe(b) == (2, 3, EXACT, 2)
    tt.store(c, 3, 5, EXACT, 3)                 # replaces b, the shallower
    assert tt.probe(a) == (1, 9, EXACT, 1) and tt.probe(b) is None
    assert tt.probe(c) == (3, 5, EXACT, 3)
    for _ in range(3):                          # three searches later, a (depth 9) is
        tt.new_search()                         # worth 9 - 12, c 5 - 12
    tt.store(c, 3, 1, EXACT, 4)                 # c again, now: worth 1
    tt.store(b, 2, 2, EXACT, 2)                 # b replaces a, the least worthy by age
    assert tt.probe(a) is None
    assert tt.probe(b) == (2, 2, EXACT, 2) and tt.probe(c) == (3, 1, EXACT, 4)


def test_a_shallow_bound_leaves_a_deeper_result_and_a_missing_move_keeps_the_old():
    tt = TranspositionTable(MB)
    tt.store(42, 7, 10, EXACT, 50)
    tt.store(42, 8, 7, UPPER, -20)              # more than two plies shallower, a bound
    assert tt.probe(42) == (7, 10, EXACT, 50)
    tt.store(42, 0, 8, LOWER, 60)               # within two plies: stored, the move kept
    assert tt.probe(42) == (7, 8, LOWER, 60)
    tt.store(42, 9, 1, EXACT, 5)                # exact: always stored
    assert tt.probe(42) == (9, 1, EXACT, 5)


def test_depth_is_clamped_and_mate_scores_count_from_the_node():
    tt = TranspositionTable(MB)
    tt.store(77, 1, 300, EXACT, 0)
    assert tt.probe(77)[1] == 255
    tt.store(78, 1, -3, EXACT, 0)
    assert tt.probe(78)[1] == 0
    mate_in_3_from_root = 100_000 - 5           # found 2 plies down: mate in 3 from there
    stored = score_to_tt(mate_in_3_from_root, 2)
    assert stored == 100_000 - 3 and score_from_tt(stored, 4) == 100_000 - 7
    assert score_to_tt(-mate_in_3_from_root, 2) == -(100_000 - 3)
    assert score_to_tt(150, 9) == score_from_tt(150, 9) == 150


def test_clear_empties_the_table_and_resize_gives_a_new_empty_one():
    tt = TranspositionTable(MB)
    tt.store(1234, 5, 6, EXACT, 7)
    tt.clear()
    assert tt.probe(1234) is None and tt.hashfull() == 0
    tt.store(1234, 5, 6, EXACT, 7)
    tt.resize(2)
    assert tt.size == 1 << 17 and len(tt.table) == 2 * tt.size and tt.probe(1234) is None


def smaps_field(address: int, field: str) -> list[str]:
    """The words after ``field`` (e.g. 'VmFlags:', 'Rss:') in the smaps
    record of the mapping of this process that holds ``address``."""
    inside = False
    with open('/proc/self/smaps') as f:
        for line in f:
            head = line.split()[0]
            if '-' in head and not head.endswith(':'):
                start, end = (int(x, 16) for x in head.split('-'))
                inside = start <= address < end
            elif inside and head == field:
                return line.split()[1:]
    raise AssertionError(f'no mapping holds {address:#x}')


def written_kb(tt: TranspositionTable) -> int:
    """Kilobytes of the table's own memory that hold pages written since it
    was mapped, from /proc/self/pagemap: present, anonymous (not the shared
    zero page a read maps) and mapped here only.  Not the smaps record's
    Rss: the kernel may merge a new map with a neighbouring one that has the
    same flags (another table of this process), whose pages it then counts
    too."""
    import os
    import struct
    page = os.sysconf('SC_PAGE_SIZE')
    address, size = table_address(tt), memoryview(tt.table).nbytes
    first, last = address // page, (address + size - 1) // page
    with open('/proc/self/pagemap', 'rb') as f:
        f.seek(first * 8)
        entries = f.read((last - first + 1) * 8)
    present, file_or_shared, exclusive = 1 << 63, 1 << 61, 1 << 56
    written = sum(1 for (e,) in struct.iter_unpack('<Q', entries)
                  if e & present and e & exclusive and not e & file_or_shared)
    return written * page // 1024


def vm_flags(address: int) -> list[str]:
    """The VmFlags of the mapping of this process that holds ``address``."""
    return smaps_field(address, 'VmFlags:')


def table_address(tt: TranspositionTable) -> int:
    import ctypes
    return ctypes.addressof(ctypes.c_char.from_buffer(tt.table))


def filled(mb: float) -> TranspositionTable:
    """A table of ``mb`` megabytes that a search used: 4,999 entries."""
    tt = TranspositionTable(mb)
    tt.new_search()
    for k in range(1, 5000):
        tt.store(k * 0x9E3779B97F4A7C15 % (1 << 64), k, 3, EXACT, k)
    return tt


def test_a_small_table_a_search_used_is_cleared_in_place_and_keeps_its_pages():
    """Clearing (a new game) writes zeros over a used table of up to
    CLEAR_IN_PLACE_MB where it is: every entry is gone, the memory is the
    same, and all its pages are in memory (so that the next game's first
    search does not pay page faults on its clock)."""
    import sys
    assert sys.platform.startswith('linux')
    tt = filled(8)
    address = table_address(tt)
    assert tt.touched and tt.hashfull() > 0
    tt.clear()
    assert table_address(tt) == address and tt.touched
    assert tt.hashfull() == 0 and not any(tt.table)
    assert all(tt.probe(k * 0x9E3779B97F4A7C15 % (1 << 64)) is None for k in range(1, 5000))
    assert written_kb(tt) == 8192


def test_a_large_table_or_a_fresh_one_is_cleared_with_a_new_map(monkeypatch):
    """Above CLEAR_IN_PLACE_MB, and for a table not written since it was
    mapped (no search, no touch), a clear maps new zeroed memory at once
    instead of writing zeros (seconds for gigabytes; for a fresh table the
    page faults would only move to the clear)."""
    import search.tt as T
    tt = TranspositionTable(8)
    tt.store(1234, 5, 6, EXACT, 7)              # not a search: new_search was not called
    address = table_address(tt)
    tt.clear()
    assert tt.probe(1234) is None and tt.hashfull() == 0
    assert table_address(tt) != address         # made while the old map still stood
    assert written_kb(tt) == 0
    monkeypatch.setattr(T, 'CLEAR_IN_PLACE_MB', 4)
    tt = filled(8)
    address = table_address(tt)
    tt.clear()
    assert tt.hashfull() == 0 and not tt.touched and table_address(tt) != address
    assert written_kb(tt) == 0
    tt.touch()                                  # too large: left alone
    assert not tt.touched and written_kb(tt) == 0


def test_touch_takes_a_fresh_tables_pages_once():
    """``touch`` (UCI's isready, XBoard's ping) writes a fresh table's
    pages; then a clear zeroes it in place."""
    tt = TranspositionTable(8)
    address = table_address(tt)
    assert not tt.touched and written_kb(tt) == 0
    tt.touch()
    assert tt.touched and written_kb(tt) == 8192
    assert tt.hashfull() == 0 and not any(tt.table)
    tt.store(1234, 5, 6, EXACT, 7)
    tt.touch()                                  # once only: the entry stays
    assert tt.probe(1234) == (5, 6, EXACT, 7)
    tt.clear()
    assert table_address(tt) == address and tt.probe(1234) is None


def test_the_table_asks_linux_for_large_pages():
    """On Linux the table's memory is advised for large pages (2 MB:
    fewer TLB misses and page faults; 4-9% more nodes a second in chess
    with a table of 64-256 MB); the flag 'hg' of its mapping says so."""
    import sys
    assert sys.platform.startswith('linux')         # where the tests run (CI: Linux)
    assert 'hg' in vm_flags(table_address(TranspositionTable(8)))


def test_written_pages_are_counted_per_table_where_the_kernel_merges_maps():
    """Tables made one after another may share one smaps record (the
    kernel merges neighbouring maps with the same flags; here six tables
    of 4 MB showed one record of 12,288 kB resident); ``written_kb`` counts
    each table's own pages, which the tests above rely on."""
    tables = [TranspositionTable(4) for _ in range(6)]
    for tt in tables[::2]:
        tt.touch()
    tables[1].probe(1234)                       # a read maps the zero page: not written
    assert [written_kb(tt) for tt in tables] == [4096, 0, 4096, 0, 4096, 0]
