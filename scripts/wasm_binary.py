"""LEB128 numbers of the WebAssembly binary format, read and written (scripts/module-size.py and
scripts/wasm-one-data-segment.py read .wasm files with them)."""


def read_leb(buf, i, signed=False):
    """The LEB128 number at buf[i] and the index after it."""
    value = shift = 0
    while True:
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), i


def leb(n, signed=False):
    """n as LEB128 (signed: two's complement, as the i32.const of an offset takes it)."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        if signed:
            done = (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40)
        else:
            done = n == 0
        out.append(byte | (0 if done else 0x80))
        if done:
            return bytes(out)
