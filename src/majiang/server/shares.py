"""Fair shares counted across the instances of a cluster, in Redis (``MAJIANG_REDIS_URL``;
docs/deploy.md, "Fair shares").

Two kinds of share:

- **Counts** (games in play, websockets open): the hash ``majiang:share:<what>:<key>`` holds
  how many each instance holds, one field per instance. ``claim`` counts one more only if the
  sum over the instances still alive is under the most allowed, in one script, so two
  instances cannot both take the last place; ``add`` counts without a check (a game taken
  over holds its players' places wherever it goes). What an instance held goes with it when
  it dies: its field is ignored, and dropped, once its ``majiang:alive:<name>`` key expires.
- **Token buckets** (guests, tables and rooms, sign-ins, reports made from one address):
  ``majiang:bucket:<what>:<key>``, its tokens and the time of the last take, Redis's clock
  for every instance.
"""

from __future__ import annotations

import logging
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger("majiang.server")

PREFIX = "majiang:"

#: count one more at ``KEYS[1]`` for instance ``ARGV[1]`` if the instances alive (their key
#: ``ARGV[3]`` .. name exists) hold fewer than ``ARGV[2]``; return {counted 1/0, held before}
CLAIM = """
local total = 0
local counts = redis.call('HGETALL', KEYS[1])
for i = 1, #counts, 2 do
  if counts[i] ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. counts[i]) == 0 then
    redis.call('HDEL', KEYS[1], counts[i])
  else
    total = total + tonumber(counts[i + 1])
  end
end
if total >= tonumber(ARGV[2]) then
  return {0, total}
end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return {1, total}
"""

#: count ``ARGV[2]`` more (or fewer) at ``KEYS[1]`` for instance ``ARGV[1]``
ADD = """
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
if n <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return n
"""

#: take a token from the bucket ``KEYS[1]`` (``ARGV[1]`` at most, ``ARGV[2]`` more a second);
#: return the seconds until one is there, "0" when one was taken
BUCKET = """
local burst, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local held = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(held[1]) or burst
local stamp = tonumber(held[2]) or now
tokens = math.min(burst, tokens + (now - stamp) * rate)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
elseif rate > 0 then
  wait = (1 - tokens) / rate
else
  wait = 3600
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
if rate > 0 then
  redis.call('PEXPIRE', KEYS[1], math.ceil((burst / rate + 60) * 1000))
end
return tostring(wait)
"""


def share_key(what: str, key: str) -> str:
    """Return the hash that counts share ``what`` of ``key`` by instance.

    >>> share_key("tables", "p1")
    'majiang:share:tables:p1'
    """
    return f"{PREFIX}share:{what}:{key}"


def bucket_key(what: str, key: str) -> str:
    """Return the token bucket of ``what`` for ``key``.

    >>> bucket_key("players", "192.0.2.1")
    'majiang:bucket:players:192.0.2.1'
    """
    return f"{PREFIX}bucket:{what}:{key}"


class Shares:
    """This instance's side of the shares counted in Redis."""

    def __init__(self, redis: aioredis.Redis, instance: str) -> None:
        self.redis = redis
        self.instance = instance
        self._claim = redis.register_script(CLAIM)
        self._add = redis.register_script(ADD)
        self._bucket = redis.register_script(BUCKET)

    async def claim(self, what: str, key: str, most: int) -> int | None:
        """Count one more of ``what`` for ``key`` here if the cluster holds fewer than
        ``most``; return None when counted, else how many the cluster holds."""
        counted, held = await self._claim(
            keys=[share_key(what, key)], args=[self.instance, most, f"{PREFIX}alive:"]
        )
        return None if counted else int(held)

    async def add(self, counts: list[tuple[str, str]], delta: int) -> None:
        """Count ``delta`` more (or fewer) of each ``(what, key)`` here, without a check."""
        if not counts:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for what, key in counts:
                await self._add(
                    keys=[share_key(what, key)], args=[self.instance, delta], client=pipe
                )
            await pipe.execute()

    async def give_back(self, counts: list[tuple[str, str]]) -> None:
        """Count one fewer of each ``(what, key)`` here; never raises (Redis unreachable: the
        places stay taken until this instance's fields are dropped, and it is logged)."""
        try:
            await self.add(counts, -1)
        except RedisError as error:
            log.warning("fair-share places %s not given back: %s", counts, error)

    async def take(self, what: str, key: str, burst: int, per_second: float) -> float:
        """Take a token from ``key``'s bucket of ``what``; return 0.0, or the seconds until
        one is there (none taken)."""
        wait: Any = await self._bucket(keys=[bucket_key(what, key)], args=[burst, per_second])
        return float(wait)

    async def forget_mine(self) -> None:
        """Drop what a former process of this instance's name held (it did not stop cleanly:
        a new one must not inherit its counts)."""
        async for key in self.redis.scan_iter(match=f"{PREFIX}share:*", count=1000):
            await self.redis.hdel(key, self.instance)
