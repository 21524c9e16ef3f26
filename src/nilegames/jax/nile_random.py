"""The random words ``step`` and ``renew`` draw, as straight-line array code.

``jax.random.bits`` and ``jax.random.fold_in`` hash with Threefry-2x32, which JAX's CPU
backend compiles as a loop of five turns (to keep programs small).  Under ``vmap`` such a
loop is a kernel of its own over the batch, and XLA fuses nothing across it: every call
of them writes its words out and reads them back.  The functions here compute the same
hash written out round by round, which XLA fuses with the code that uses the words, and
give the very words ``jax.random`` gives for the same key (default Threefry keys, raw or
typed; ``jax_threefry_partitionable`` on, JAX's default): a given key draws what it drew
before.  Keys of other implementations go to ``jax.random`` itself.
"""

from __future__ import annotations

from typing import Final

import jax
import jax.numpy as jnp
import numpy as np

#: Threefry-2x32's rotation distances: the first list for rounds 1-4 of each group of
#: eight, the second for rounds 5-8; and the constant of its key schedule.
ROTATIONS: Final = ((13, 15, 26, 6), (17, 29, 16, 24))
PARITY: Final = np.uint32(0x1BD11BDA)


def threefry(
    k1: jax.Array, k2: jax.Array, x1: jax.Array, x2: jax.Array
) -> tuple[jax.Array, jax.Array]:
    """Threefry-2x32 (20 rounds) of the counter pair ``(x1, x2)`` under key ``(k1, k2)``."""
    keys = (k1, k2, k1 ^ k2 ^ PARITY)
    x1, x2 = x1 + keys[0], x2 + keys[1]
    for group in range(5):
        for distance in ROTATIONS[group % 2]:
            x1 = x1 + x2
            x2 = (x2 << np.uint32(distance)) | (x2 >> np.uint32(32 - distance))
            x2 = x1 ^ x2
        x1 = x1 + keys[(group + 1) % 3]
        x2 = x2 + keys[(group + 2) % 3] + np.uint32(group + 1)
    return x1, x2


def _threefry_data(key: jax.Array) -> jax.Array | None:
    """The (2,) uint32 words of a Threefry key, raw or typed; None for other keys."""
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        if jax.random.key_impl(key) != jax.random.key_impl(jax.random.key(0)):
            return None
        return jax.random.key_data(key)
    return key


def _rewrap(key: jax.Array, data: jax.Array) -> jax.Array:
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        wrapped: jax.Array = jax.random.wrap_key_data(data, impl=jax.random.key_impl(key))
        return wrapped
    return data


def fold_in(key: jax.Array, data: int | jax.Array) -> jax.Array:
    """``jax.random.fold_in(key, data)`` for a scalar key and a 32-bit ``data``."""
    words = _threefry_data(key)
    if words is None:
        return jax.random.fold_in(key, data)
    low = jnp.asarray(data, dtype=jnp.uint32)
    out1, out2 = threefry(words[0], words[1], jnp.zeros_like(low), low)
    return _rewrap(key, jnp.stack([out1, out2]))


def bits(key: jax.Array, count: int) -> jax.Array:
    """``jax.random.bits(key, (count,), jnp.uint32)`` for a scalar key."""
    words = _threefry_data(key)
    if words is None:
        return jax.random.bits(key, (count,), jnp.uint32)
    index = jnp.arange(count, dtype=jnp.uint32)
    out1, out2 = threefry(words[0], words[1], jnp.zeros_like(index), index)
    return out1 ^ out2


def word(key: jax.Array) -> jax.Array:
    """``jax.random.bits(key, (), jnp.uint32)`` for a scalar key."""
    return bits(key, 1)[0]
