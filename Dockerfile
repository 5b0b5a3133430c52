# Siglo de Oro server image: `docker compose up` runs it beside PostgreSQL.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /srv/siglo

# the runtime dependencies exactly as locked (requirements/main.txt, with hashes), in their own layer
COPY requirements/main.txt ./requirements/main.txt
RUN pip install --no-cache-dir --require-hashes -r requirements/main.txt

COPY pyproject.toml README.md ./
COPY app ./app
COPY engines ./engines
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
# a regular install of the project alone (its dependencies are the lock's, above): templates/, static/ and
# migrations/ travel inside the package (pyproject.toml, app/resources.py)
RUN pip install --no-cache-dir --no-deps . \
    && useradd --create-home --uid 10001 siglo \
    && mkdir -p /data && chown siglo /data
USER siglo

ENV SIGLO_SECRET_FILE=/data/secret
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/v1/games')"
CMD ["siglo", "serve", "--host", "0.0.0.0", "--port", "8000"]
